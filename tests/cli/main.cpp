// QProcess wants a QCoreApplication; GoogleTest runs inside it.
#include <QCoreApplication>

#include <gtest/gtest.h>

int main(int argc, char** argv)
{
  QCoreApplication app(argc, argv);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
