#!/usr/bin/env bash
# Export of a book whose deeper positions only have values (a stand-in for a mined book; docs/book.md,
# "Export / import"):
# 1. the book of experiments/peta-shock-check.sh (60 floodgate games to ply 24, 150 GNU Shogi lines),
#    exported as .db with a deterministic value and depth per move (experiments/db_values.py);
# 2. every move line of a position past ply CUT gets count 0, so those positions only have values;
# 3. book import, book propagate, book export in both formats;
# 4. checks: the .db holds every node of the propagated book, each at the ply of the original .db,
#    with the same moves, values and depths as the same book imported with all its counts.
#   experiments/export-check.sh [WORKDIR]     (CUT=30 by default)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="${1:-$(mktemp -d)}"
CUT=${CUT:-30}
J="${JOSEKI:-$ROOT/joseki}"
mkdir -p "$WORK"
head -60 "$ROOT/experiments/corpus/games.usi" \
  | awk '{n=0; m=0; out=""; for(i=1;i<=NF;i++){ out=out (i>1?" ":"") $i; if($i=="moves"){m=i} if(m && i>m){n++} if(n>=24) break} print out}' \
  > "$WORK/lines.usi"
head -150 "$ROOT/experiments/corpus/gnushogi-lines.usi" > "$WORK/gnu.usi"
rm -rf "$WORK/b0" "$WORK/mined" "$WORK/full"
"$J" book build --from "lines=$WORK/lines.usi" --from "gnu=$WORK/gnu.usi" --out "$WORK/b0" --max-ply 40 \
  --master 'local[1]' 2>"$WORK/build.err" | tail -1
"$J" book export --book "$WORK/b0" --format yaneuraou --out "$WORK/plain.db"
python3 "$ROOT/experiments/db_values.py" "$WORK/plain.db" "$WORK/in.db"
awk -v cut="$CUT" '/^sfen /{ply=$NF; print; next} /^#/||NF==0{print; next}
  {if (ply > cut) $5 = 0; print}' "$WORK/in.db" > "$WORK/mined.db"
for b in mined full; do
  [ "$b" = mined ] && db="$WORK/mined.db" || db="$WORK/in.db"
  "$J" book import --format yaneuraou "$db" --out "$WORK/$b"
  "$J" book propagate --book "$WORK/$b" | head -1
  "$J" book export --book "$WORK/$b" --format yaneuraou --out "$WORK/$b-out.db"
  "$J" book export --book "$WORK/$b" --format apery --out "$WORK/$b-out.bin"
done
python3 - "$WORK" <<'PY'
import sys
w = sys.argv[1]
def load(f):
    pos, cur = {}, None
    for l in open(f):
        t = l.split()
        if not t or t[0].startswith('#'):
            continue
        if t[0] == 'sfen':
            cur = ' '.join(t[1:4]); pos[cur] = (int(t[4]), set())
        else:
            pos[cur][1].add((t[0], t[2], t[3]))
    return pos
mined, full, orig = load(w + '/mined-out.db'), load(w + '/full-out.db'), load(w + '/in.db')
print('positions: original .db %d, mined book export %d, all-counted book export %d'
      % (len(orig), len(mined), len(full)))
print('plies differing from the original .db: %d'
      % sum(1 for b in mined if b not in orig or mined[b][0] != orig[b][0]))
print('positions whose moves, values or depths differ from the all-counted export: %d'
      % sum(1 for b in set(mined) | set(full) if mined.get(b, (0, None))[1] != full.get(b, (0, None))[1]))
PY
