#!/bin/sh
# Runs node with the server's Node options and glibc malloc environment, the one list in
# server/db/embedded/server-node-flags.mjs (decisions 0015 and 0018: why each one, with figures).
# package.json's `start`, `demo` and `import` run the server and the import CLI through it:
#
#   sh scripts/server-node.sh [more node options…] <script> [arguments…]
#
# glibc reads its tunables and V8 sizes its heap when the process starts, so they cannot be set from
# inside it. The shell `exec`s node: the server is this process (same pid, it gets the signals
# itself), with no second process kept waiting beside it.
set -eu
words=$(node "$(dirname "$0")/../server/db/embedded/server-node-flags.mjs")
# Unquoted on purpose: the words are split on white space (server-node-flags.mjs refuses any value
# that the shell would split or expand).
# shellcheck disable=SC2086
exec env $words "$@"
