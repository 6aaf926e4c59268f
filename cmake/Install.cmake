# `cmake --install` in the GNU layout (GNUInstallDirs, included before app/ so its install() lines can use
# CMAKE_INSTALL_BINDIR): the executables install from app/; here the desktop integration -- the .desktop
# file, AppStream metainfo, hicolor icons -- and the man pages. Everything is named after
# SPECTRASCOPE_APP_ID, the reverse-DNS id the GUI also gives Qt (QGuiApplication::setDesktopFileName).
set(SPECTRASCOPE_RESOURCES ${PROJECT_SOURCE_DIR}/resources)

# Man pages carry the version; the metainfo its release.
foreach(page spectrascope spectrascope-cli spectrascope-bench)
  if(page STREQUAL "spectrascope-bench" OR SPECTRASCOPE_GUI)
    configure_file(${SPECTRASCOPE_RESOURCES}/man/${page}.1 ${PROJECT_BINARY_DIR}/resources/man/${page}.1 @ONLY)
    install(FILES ${PROJECT_BINARY_DIR}/resources/man/${page}.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endif()
endforeach()

if(SPECTRASCOPE_GUI)
  set(SPECTRASCOPE_METAINFO ${PROJECT_BINARY_DIR}/resources/${SPECTRASCOPE_APP_ID}.metainfo.xml)
  configure_file(${SPECTRASCOPE_RESOURCES}/desktop/${SPECTRASCOPE_APP_ID}.metainfo.xml ${SPECTRASCOPE_METAINFO}
                 @ONLY)
  install(FILES ${SPECTRASCOPE_RESOURCES}/desktop/${SPECTRASCOPE_APP_ID}.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${SPECTRASCOPE_METAINFO} DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  install(DIRECTORY ${SPECTRASCOPE_RESOURCES}/icons/hicolor DESTINATION ${CMAKE_INSTALL_DATADIR}/icons)
endif()
