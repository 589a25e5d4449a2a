#!/bin/bash
exec valgrind --tool=callgrind --callgrind-out-file=${CG_OUT:-callgrind.out} ${CG_BIN:-target/release/sente} "$@"
