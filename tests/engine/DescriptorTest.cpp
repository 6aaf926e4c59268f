#include "spectrascope/engine/Errors.h"
#include "spectrascope/engine/TransformDescriptor.h"

#include <gtest/gtest.h>

using namespace spectrascope;

TEST(Descriptor, ComplexLayoutCountsFloats)
{
  const auto d = TransformDescriptor::complex2d(8, 4, 3);
  EXPECT_EQ(d.inputFloats(), 8u * 4 * 3 * 2);
  EXPECT_EQ(d.outputFloats(), d.inputFloats());
}

TEST(Descriptor, RealLayoutsFollowFftw)
{
  TransformDescriptor d = TransformDescriptor::complex2d(9, 4);
  d.kind = TransformKind::RealToComplex;
  EXPECT_EQ(d.inputFloats(), 9u * 4);
  EXPECT_EQ(d.outputFloats(), (9u / 2 + 1) * 4 * 2);
  d.placement = Placement::InPlace; // padded rows of 2*(nx/2+1) floats
  EXPECT_EQ(d.inputFloats(), 10u * 4);
}

TEST(Descriptor, RejectsInconsistentShapes)
{
  TransformDescriptor d = TransformDescriptor::complex1d(0);
  EXPECT_THROW(d.validate(), EngineError);
  d = TransformDescriptor::complex1d(16);
  d.extent[1] = 2; // rank 1 with a second extent
  EXPECT_THROW(d.validate(), EngineError);
  d = TransformDescriptor::complex1d(16, 0);
  EXPECT_THROW(d.validate(), EngineError);
  d = TransformDescriptor::complex1d(16);
  d.kind = TransformKind::RealToComplex;
  d.direction = Direction::Inverse;
  EXPECT_THROW(d.validate(), EngineError);
  d = TransformDescriptor::complex3d(1u << 20, 1u << 20, 1u << 10);
  EXPECT_THROW(d.validate(), EngineError); // absurdly large
}

TEST(Descriptor, StringNamesTheShape)
{
  EXPECT_EQ(TransformDescriptor::complex2d(1024, 768, 2, Direction::Inverse).toString(),
            "c2c inv 1024x768 b2 outofplace");
}
