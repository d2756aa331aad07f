package dev.joseki.engine.mate;

import dev.joseki.rules.Checks;
import dev.joseki.rules.Move;
import dev.joseki.rules.MoveGenerator;
import dev.joseki.rules.Position;
import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * Depth-first proof-number search (Nagai's df-pn) for tsume: the side to move (the attacker) must
 * give check with every move; the defender may play any legal move. Both sides' moves come from
 * {@link MoveGenerator#generateLegal}, so the rules hold exactly: an illegal pawn-drop mate is
 * never a proof, nifu and dead drops never happen.
 *
 * <p>Each node has a proof number pn (how many more leaves must be proven to prove it) and a
 * disproof number dn. OR nodes (attacker to move): pn = min over children, dn = sum. AND nodes: pn
 * = sum, dn = min. {@link #mid} expands the most-proving child with thresholds so that it returns
 * as soon as the child stops being the best; results live in a fixed table keyed by the Zobrist key
 * (which includes the side to move, so OR and AND nodes never share an entry).
 *
 * <p>For proven nodes the table also keeps a distance: 0 for a mated AND node, 1 + min over proven
 * children at OR nodes, 1 + max at AND nodes; the principal variation follows those distances. The
 * distance is the length of the mate found, not necessarily the shortest. A position repeated along
 * the current path counts as not mated (the attacker cannot win by repetition); like most df-pn
 * implementations this ignores the graph-history interaction. Lines longer than {@link #MAX_PLY}
 * plies are treated as no mate.
 */
public final class DfPn {
    public static final int MAX_PLY = 64;
    static final int INF = 100_000_000;
    private static final int PROBE = 4;

    private final long[] keys;
    private final int[] pns, dns, dists;
    private final int mask;

    private final int[][] moves = new int[MAX_PLY + 1][MoveGenerator.MAX_MOVES];
    private final long[][] childKeys = new long[MAX_PLY + 1][MoveGenerator.MAX_MOVES];
    private final boolean[][] repeated = new boolean[MAX_PLY + 1][MoveGenerator.MAX_MOVES];
    private final int[] scratch = new int[MoveGenerator.MAX_MOVES];
    private final MateInOne mateInOne = new MateInOne();
    private int attacker;
    private int rootLength;
    private long nodes, maxNodes;
    private BooleanSupplier stop = () -> false;
    private boolean aborted;

    /** A solver with a table of about {@code entries} positions (rounded up to a power of two). */
    public DfPn(int entries) {
        int size = Integer.highestOneBit(Math.max(1024, entries - 1)) << 1;
        keys = new long[size];
        pns = new int[size];
        dns = new int[size];
        dists = new int[size];
        mask = size - 1;
    }

    /** Solves for the side to move of pos (restored on return) within maxNodes expanded nodes. */
    public MateResult solve(Position pos, long maxNodes, BooleanSupplier stopSignal) {
        Arrays.fill(keys, 0);
        this.maxNodes = maxNodes;
        this.stop = stopSignal;
        nodes = 0;
        aborted = false;
        attacker = pos.sideToMove();
        rootLength = pos.historyLength();
        mid(pos, 0, INF - 1, INF - 1);
        int slot = find(pos.key());
        if (slot >= 0 && pns[slot] == 0) {
            return new MateResult(MateResult.Status.PROVEN, principalVariation(pos), nodes);
        }
        if (slot >= 0 && dns[slot] == 0 && !aborted) {
            return new MateResult(MateResult.Status.DISPROVEN, new int[0], nodes);
        }
        return new MateResult(MateResult.Status.UNKNOWN, new int[0], nodes);
    }

    public MateResult solve(Position pos, long maxNodes) {
        return solve(pos, maxNodes, () -> false);
    }

    // ---------------------------------------------------------------- the search

    private void mid(Position pos, int ply, int thPn, int thDn) {
        nodes++;
        if (nodes >= maxNodes || ((nodes & 1023) == 0 && stop.getAsBoolean())) {
            aborted = true;
            return;
        }
        final boolean or = pos.sideToMove() == attacker;
        final long key = pos.key();

        // Step 1. Children: checks for the attacker, every legal move for the defender.
        final int[] list = moves[ply];
        int n = generate(pos, list, or);
        if (n == 0) {
            store(key, or ? INF : 0, or ? 0 : INF, 0); // no check: not mate; no reply: mated
            return;
        }
        if (ply >= MAX_PLY) {
            store(key, INF, 0, 0);
            return;
        }
        final long[] ck = childKeys[ply];
        final boolean[] rep = repeated[ply];
        for (int i = 0; i < n; i++) {
            pos.doMove(list[i]);
            ck[i] = pos.key();
            rep[i] = repeatsOnPath(pos);
            pos.undoMove(list[i]);
        }

        // Step 2. Expand the most-proving child until a threshold is reached.
        while (true) {
            int pn, dn, best = -1, bestA = INF, second = INF, bestB = 0, dist;
            if (or) {
                pn = INF;
                dn = 0;
                dist = INF;
                for (int i = 0; i < n; i++) {
                    final int slot = rep[i] ? -2 : find(ck[i]);
                    final int cp = slot == -2 ? INF : slot < 0 ? 1 : pns[slot];
                    final int cd = slot == -2 ? 0 : slot < 0 ? 1 : dns[slot];
                    dn = Math.min(INF, dn + cd);
                    if (cp == 0) {
                        dist = Math.min(dist, dists[slot] + 1);
                    }
                    if (cp < bestA) {
                        second = bestA;
                        bestA = cp;
                        bestB = cd;
                        best = i;
                    } else if (cp < second) {
                        second = cp;
                    }
                }
                pn = bestA;
            } else {
                pn = 0;
                dn = INF;
                dist = 0;
                for (int i = 0; i < n; i++) {
                    final int slot = rep[i] ? -2 : find(ck[i]);
                    final int cp = slot == -2 ? INF : slot < 0 ? 1 : pns[slot];
                    final int cd = slot == -2 ? 0 : slot < 0 ? 1 : dns[slot];
                    pn = Math.min(INF, pn + cp);
                    if (cp == 0) {
                        dist = Math.max(dist, dists[slot] + 1);
                    }
                    if (cd < bestA) {
                        second = bestA;
                        bestA = cd;
                        bestB = cp;
                        best = i;
                    } else if (cd < second) {
                        second = cd;
                    }
                }
                dn = bestA;
            }
            store(key, pn, dn, pn == 0 ? dist : 0);
            if (pn >= thPn || dn >= thDn || pn == 0 || dn == 0 || aborted) {
                return;
            }
            final int m = list[best];
            pos.doMove(m);
            if (or) {
                // child: proof threshold below the second best, disproof threshold what is left.
                mid(
                        pos,
                        ply + 1,
                        Math.min(thPn, second == INF ? INF : second + 1),
                        sub(thDn, dn, bestB));
            } else {
                mid(
                        pos,
                        ply + 1,
                        sub(thPn, pn, bestB),
                        Math.min(thDn, second == INF ? INF : second + 1));
            }
            pos.undoMove(m);
            if (aborted) {
                return;
            }
        }
    }

    /** th - total + child, saturating at INF. */
    private static int sub(int th, int total, int child) {
        long v = (long) th - total + child;
        return (int) Math.min(INF, Math.max(0, v));
    }

    private int generate(Position pos, int[] out, boolean or) {
        final int n = MoveGenerator.generateLegal(pos, out, 0);
        if (!or) {
            return n;
        }
        final int ek = pos.kingSquare(pos.sideToMove() ^ 1);
        if (ek < 0) {
            return 0;
        }
        int k = 0;
        for (int i = 0; i < n; i++) {
            final int m = out[i];
            if (!Checks.mayCheck(m, ek)) {
                continue;
            }
            pos.doMove(m);
            final boolean check = Checks.givesCheck(pos, m);
            pos.undoMove(m);
            if (check) {
                out[k++] = m;
            }
        }
        return k;
    }

    private boolean repeatsOnPath(Position pos) {
        final long k = pos.key();
        final int span = pos.historyLength() - rootLength;
        for (int ago = 2; ago <= span; ago += 2) {
            if (pos.keyAt(ago) == k) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- the table

    private int find(long key) {
        final int base = (int) (key ^ key >>> 32) & mask;
        for (int i = 0; i < PROBE; i++) {
            final int s = (base + i) & mask;
            if (keys[s] == key) {
                return s;
            }
        }
        return -1;
    }

    private void store(long key, int pn, int dn, int dist) {
        final int base = (int) (key ^ key >>> 32) & mask;
        int victim = -1, weakest = Integer.MAX_VALUE;
        for (int i = 0; i < PROBE; i++) {
            final int s = (base + i) & mask;
            if (keys[s] == key || keys[s] == 0) {
                victim = s;
                break;
            }
            // Keep solved entries; among the rest the least explored (smallest pn + dn) goes first.
            final int w = pns[s] == 0 || dns[s] == 0 ? Integer.MAX_VALUE - 1 : pns[s] + dns[s];
            if (w < weakest) {
                weakest = w;
                victim = s;
            }
        }
        keys[victim] = key;
        pns[victim] = pn;
        dns[victim] = dn;
        dists[victim] = dist;
    }

    // ---------------------------------------------------------------- the line

    private int[] principalVariation(Position pos) {
        int[] line = new int[MAX_PLY];
        int len = 0;
        while (len < MAX_PLY) {
            final boolean or = pos.sideToMove() == attacker;
            // A mate in one ends the line at once, even when the proof went a longer way.
            final int quick = or ? mateInOne.find(pos, pos.inCheck()) : Move.NONE;
            if (quick != Move.NONE) {
                line[len++] = quick;
                pos.doMove(quick);
                break;
            }
            final int n = generate(pos, scratch, or);
            int choice = Move.NONE, choiceDist = or ? Integer.MAX_VALUE : -1;
            for (int i = 0; i < n; i++) {
                final int m = scratch[i];
                pos.doMove(m);
                final int s = repeatsOnPath(pos) ? -1 : find(pos.key());
                pos.undoMove(m);
                if (s < 0 || pns[s] != 0) {
                    continue;
                }
                if (or ? dists[s] < choiceDist : dists[s] > choiceDist) {
                    choice = m;
                    choiceDist = dists[s];
                }
            }
            if (choice == Move.NONE) {
                break;
            }
            pos.doMove(choice);
            line[len++] = choice;
        }
        for (int i = len - 1; i >= 0; i--) {
            pos.undoMove(line[i]);
        }
        return Arrays.copyOf(line, len);
    }
}
