# `cpack -G DEB` from a build directory: one package with what `cmake --install` puts in place. Its
# dependencies come from dpkg-shlibdeps over the executables; an OpenCL driver is only recommended, since
# without one the engine runs on FFTW.
set(CPACK_PACKAGE_NAME spectrascope)
set(CPACK_PACKAGE_VENDOR "Spectrascope")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "see and filter the spectra of images and sounds")
set(CPACK_PACKAGE_DESCRIPTION
    "Spectrascope shows the two-dimensional spectrum of a photo and filters it through frequency masks\n"
    "drawn live, and the spectrum and spectrogram of a sound file, the microphone or a signal generator.\n"
    "Its transforms run on an OpenCL device when there is one, otherwise with FFTW.")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/spectrascope/spectrascope")
set(SPECTRASCOPE_PACKAGE_MAINTAINER "Spectrascope developers <maintainers@spectrascope.invalid>"
    CACHE STRING "Maintainer field of the .deb (name <address>)")
set(CPACK_PACKAGE_CONTACT "${SPECTRASCOPE_PACKAGE_MAINTAINER}")
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
    "pocl-opencl-icd | mesa-opencl-icd | nvidia-opencl-icd, qt6-image-formats-plugins, qt6-wayland")
include(CPack)
