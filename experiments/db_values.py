# Gives every move of a YaneuraOu .db a deterministic value and depth (a stand-in for an engine): value in
# [-400, 400] from a hash of (position, move), a few mate scores, depth 10..29.
# Usage: python3 experiments/db_values.py IN.db OUT.db   (run by experiments/peta-shock-check.sh)
import hashlib, sys
src, dst = sys.argv[1], sys.argv[2]
out = []
sfen = None
for line in open(src):
    line = line.rstrip('\n')
    if line.startswith('sfen '):
        sfen = ' '.join(line.split()[1:4])
        out.append(line)
    elif line.startswith('#') or not line:
        out.append(line)
    else:
        t = line.split()
        h = int(hashlib.sha256((sfen + ' ' + t[0]).encode()).hexdigest(), 16)
        v = h % 801 - 400
        if h % 97 == 0:
            v = 32000 - (h % 9) - 1 if (h >> 8) % 2 else -(32000 - (h % 9) - 1)
        d = 10 + (h >> 16) % 20
        out.append(' '.join([t[0], t[1], str(v), str(d), t[4] if len(t) > 4 else '1']))
open(dst, 'w').write('\n'.join(out) + '\n')
