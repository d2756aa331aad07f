package dev.joseki.book.values;

import java.util.Arrays;

/**
 * The book as a graph of primitive arrays, for propagation. Node i's moves are {@code firstMove[i]
 * .. firstMove[i + 1] − 1}; move j is {@code move16[j]} (mover coordinates) and leads to node
 * {@code target[j]}, or, when {@code target[j] == LEAF}, out of the book with the engine's {@code
 * leaf[j]} (a {@link ValueDepth}, or {@link ValueDepth#UNKNOWN} when nobody evaluated it). A move
 * into a node keeps its own engine value in {@code leaf[j]} too: it stands in while the node has no
 * value (a mined move into a part of the book no engine has looked at yet). About 12 bytes per move
 * and 5 per node.
 */
public final class BookGraph {
    public static final int LEAF = -1;

    final int nodes;
    final int[] firstMove;
    final int[] target;
    final char[] move16;
    final int[] leaf;

    /** True when the mover of node i is in check (perpetual-check loops are made of such nodes). */
    final boolean[] checked;

    private BookGraph(
            int nodes,
            int[] firstMove,
            int[] target,
            char[] move16,
            int[] leaf,
            boolean[] checked) {
        this.nodes = nodes;
        this.firstMove = firstMove;
        this.target = target;
        this.move16 = move16;
        this.leaf = leaf;
        this.checked = checked;
    }

    public int nodes() {
        return nodes;
    }

    public int moves() {
        return firstMove[nodes];
    }

    public int firstMove(int node) {
        return firstMove[node];
    }

    public int endMove(int node) {
        return firstMove[node + 1];
    }

    public int target(int move) {
        return target[move];
    }

    public int move16(int move) {
        return move16[move];
    }

    public int leaf(int move) {
        return leaf[move];
    }

    public boolean checked(int node) {
        return checked[node];
    }

    /**
     * Appends nodes in index order: {@link #node} opens the next node, {@link #edge} and {@link
     * #leafMove} add its moves. Also used to join graphs built in parallel slices ({@link
     * #append}).
     */
    public static final class Builder {
        private int nodes;
        private int moves;
        private int[] firstMove = new int[16];
        private int[] target = new int[16];
        private char[] move16 = new char[16];
        private int[] leaf = new int[16];
        private boolean[] checked = new boolean[16];

        public Builder node(boolean inCheck) {
            if (nodes + 1 >= firstMove.length) {
                firstMove = Arrays.copyOf(firstMove, firstMove.length * 2);
                checked = Arrays.copyOf(checked, checked.length * 2);
            }
            firstMove[nodes] = moves;
            checked[nodes] = inCheck;
            nodes++;
            return this;
        }

        /** A move of the last node into node {@code to} (an index of the finished graph). */
        public Builder edge(int move, int to) {
            return add(move, to, ValueDepth.UNKNOWN);
        }

        /**
         * A move into node {@code to} with the engine's own value of the move (or UNKNOWN), which
         * stands in for the node's value while that node has none.
         */
        public Builder edge(int move, int to, int valueDepth) {
            return add(move, to, valueDepth);
        }

        /** A move of the last node leaving the book, with its engine value (or UNKNOWN). */
        public Builder leafMove(int move, int valueDepth) {
            return add(move, LEAF, valueDepth);
        }

        private Builder add(int move, int to, int vd) {
            if (nodes == 0) {
                throw new IllegalStateException("a move before any node");
            }
            if (moves == target.length) {
                int n = moves * 2;
                target = Arrays.copyOf(target, n);
                move16 = Arrays.copyOf(move16, n);
                leaf = Arrays.copyOf(leaf, n);
            }
            target[moves] = to;
            move16[moves] = (char) move;
            leaf[moves] = vd;
            moves++;
            return this;
        }

        /** Appends every node and move of a slice built separately (targets are already global). */
        public Builder append(Builder slice) {
            for (int i = 0; i < slice.nodes; i++) {
                node(slice.checked[i]);
                for (int j = slice.firstMove[i],
                                end = i + 1 < slice.nodes ? slice.firstMove[i + 1] : slice.moves;
                        j < end;
                        j++) {
                    add(slice.move16[j], slice.target[j], slice.leaf[j]);
                }
            }
            return this;
        }

        public int nodes() {
            return nodes;
        }

        public BookGraph build() {
            int[] first = Arrays.copyOf(firstMove, nodes + 1);
            first[nodes] = moves;
            for (int j = 0; j < moves; j++) {
                if (target[j] >= nodes) {
                    throw new IllegalStateException(
                            "move " + j + " leads to node " + target[j] + " of " + nodes);
                }
            }
            return new BookGraph(
                    nodes,
                    first,
                    Arrays.copyOf(target, moves),
                    Arrays.copyOf(move16, moves),
                    Arrays.copyOf(leaf, moves),
                    Arrays.copyOf(checked, nodes));
        }
    }
}
