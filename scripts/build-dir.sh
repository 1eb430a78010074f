# SPDX-License-Identifier: GPL-2.0
# Sourced by the host scripts, with $top set to the repository: sets $build
# to the build directory, BUILD (default "build"), as an absolute path.
# A relative BUILD is relative to the repository, as it is for make (which
# runs there); an absolute one is taken as it is, never put under $top.
case ${BUILD:-build} in
/*) build=$BUILD ;;
*) build=$top/${BUILD:-build} ;;
esac
