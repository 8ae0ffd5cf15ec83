#!/bin/sh
# Starts the Node port on the harness protocol (stdin/stdout): closer-spec harness --port ports/node/port.sh
exec node "$(dirname "$0")/serve.js" "$@"
