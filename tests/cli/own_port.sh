# shellcheck shell=sh
# Sourced by the tests that listen on a port: a port of the test shell's own, so
# that two test runs at once do not meet.
own_port=$((20000 + $$ % 20000))
