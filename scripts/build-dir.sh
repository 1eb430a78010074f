# SPDX-License-Identifier: GPL-2.0
# Sourced by the host scripts, with $top set to the repository: sets $build
# to the build directory as an absolute path: BUILD, else build/$KVER
# (scripts/kver.sh: each kernel has its own). A relative BUILD is relative
# to the repository, as it is for make (which runs there); an absolute one
# is taken as it is, never put under $top.
. "$top/scripts/kver.sh"
case ${BUILD:-build/$KVER} in
/*) build=$BUILD ;;
*) build=$top/${BUILD:-build/$KVER} ;;
esac
