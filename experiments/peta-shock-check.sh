#!/usr/bin/env bash
# Propagation against YaneuraOu's `makebook peta_shock` on the same input (docs/results.md, "Evaluated
# books: propagation"). Needs a YaneuraOu binary built with HASH_KEY_BITS=128 (peta_shock refuses 64-bit
# keys); the binary and its output stay outside the repository.
#
#   experiments/peta-shock-check.sh /path/to/yaneuraou-material-hash128 [WORKDIR]
#
# 1. a book from 60 floodgate games (first 24 plies) and 150 GNU Shogi lines of experiments/corpus;
# 2. its .db export with a deterministic value and depth per move (experiments/db_values.py);
# 3. ours: book import → book propagate → book export;  peer: makebook peta_shock in.db out.db;
# 4. experiments/peta_shock_compare.py: same positions, each position's best value and depth.
set -euo pipefail
YO="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="${2:-$(mktemp -d)}"
mkdir -p "$WORK/yo/book"
J="${JOSEKI:-$ROOT/joseki}"   # JOSEKI=... to use another launcher
head -60 "$ROOT/experiments/corpus/games.usi" \
  | awk '{n=0; m=0; out=""; for(i=1;i<=NF;i++){ out=out (i>1?" ":"") $i; if($i=="moves"){m=i} if(m && i>m){n++} if(n>=24) break} print out}' \
  > "$WORK/lines.usi"
head -150 "$ROOT/experiments/corpus/gnushogi-lines.usi" > "$WORK/gnu.usi"
rm -rf "$WORK/b0" "$WORK/b1"
"$J" book build --from "lines=$WORK/lines.usi" --from "gnu=$WORK/gnu.usi" --out "$WORK/b0" --max-ply 40
"$J" book export --book "$WORK/b0" --format yaneuraou --out "$WORK/plain.db"
python3 "$ROOT/experiments/db_values.py" "$WORK/plain.db" "$WORK/in.db"
"$J" book import --format yaneuraou "$WORK/in.db" --out "$WORK/b1"
"$J" book propagate --book "$WORK/b1"
"$J" book export --book "$WORK/b1" --format yaneuraou --out "$WORK/ours.db"
cp "$WORK/in.db" "$WORK/yo/book/in.db"
cp "$YO" "$WORK/yo/yo"
rm -f "$WORK/yo/book/out.db" "$WORK/yo/peta_shock.log"
( cd "$WORK/yo"
  { printf 'usi\nisready\nmakebook peta_shock in.db out.db\n'
    until grep -q 'has been completed' peta_shock.log 2>/dev/null; do sleep 1; done; printf 'quit\n'; } \
    | ./yo > peta_shock.log )
python3 "$ROOT/experiments/peta_shock_compare.py" "$WORK/ours.db" "$WORK/yo/book/out.db"
