"""Compares two YaneuraOu .db books position by position (docs/results.md, "Evaluated books: propagation").

Usage: python3 peta_shock_compare.py OURS.db PEER.db
Positions are matched by SFEN without the move number. For each position it compares the best value and
depth (the first move line, which both writers put first) and the set of (move, value, depth) lines.
Prints the counts and the first differences; exits 1 if a position or a best (value, depth) differs.
"""
import sys


def read(path):
    book, sfen = {}, None
    for line in open(path, encoding='ascii'):
        t = line.split()
        if not t or t[0].startswith('#'):
            continue
        if t[0] == 'sfen':
            sfen = ' '.join(t[1:4])
            book[sfen] = []
        else:
            book[sfen].append((t[0], int(t[2]), int(t[3])))
    return book


ours, peer = read(sys.argv[1]), read(sys.argv[2])
only_ours, only_peer = sorted(set(ours) - set(peer)), sorted(set(peer) - set(ours))
common = sorted(set(ours) & set(peer))
best_diff = [s for s in common if ours[s][:1] and peer[s][:1] and ours[s][0][1:] != peer[s][0][1:]]
best_move_diff = [s for s in common if ours[s][:1] != peer[s][:1]]
lines_diff = [s for s in common if sorted(ours[s]) != sorted(peer[s])]
print(f"positions: ours {len(ours)}, peer {len(peer)}, common {len(common)}, only ours {len(only_ours)}, only peer {len(only_peer)}")
print(f"best (value, depth) differs: {len(best_diff)}; best move line differs: {len(best_move_diff)}; "
      f"move lines differ: {len(lines_diff)}")
for s in (best_diff + lines_diff)[:5]:
    print('  ', s, '\n     ours', ours[s], '\n     peer', peer[s])
sys.exit(1 if only_ours or only_peer or best_diff else 0)
