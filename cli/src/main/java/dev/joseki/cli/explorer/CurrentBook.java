package dev.joseki.cli.explorer;

import dev.joseki.book.store.BookVersions;
import dev.joseki.book.store.RocksBook;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The published version of a book directory, followed while the explorer runs: a rebuild points
 * {@code CURRENT} at a new version, and the next request (at most {@link #CHECK_NANOS} later) opens
 * it and closes the old one. Requests hold a {@link Lease}; the old version closes only when none
 * holds it. {@link #fixed} serves one open book for ever (tests).
 */
public final class CurrentBook implements AutoCloseable {
    static final long CHECK_NANOS = 1_000_000_000L;

    private final Path dir;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private RocksBook book;
    private volatile long checkedAt;

    private CurrentBook(Path dir, RocksBook book) {
        this.dir = dir;
        this.book = book;
        this.checkedAt = System.nanoTime();
    }

    /**
     * Opens the published version of dir; throws as {@link RocksBook#open} does when there is none.
     */
    public static CurrentBook follow(Path dir) {
        return new CurrentBook(dir, RocksBook.open(dir));
    }

    public static CurrentBook fixed(RocksBook book) {
        return new CurrentBook(null, book);
    }

    /** The book a request uses until it closes the lease. */
    public final class Lease implements AutoCloseable {
        private final RocksBook leased;

        private Lease(RocksBook leased) {
            this.leased = leased;
        }

        public RocksBook book() {
            return leased;
        }

        @Override
        public void close() {
            lock.readLock().unlock();
        }
    }

    public Lease lease() {
        refresh();
        lock.readLock().lock();
        return new Lease(book);
    }

    /** The version being served now. */
    public Path version() {
        lock.readLock().lock();
        try {
            return book.version();
        } finally {
            lock.readLock().unlock();
        }
    }

    private void refresh() {
        if (dir == null || System.nanoTime() - checkedAt < CHECK_NANOS) {
            return;
        }
        lock.writeLock().lock();
        try {
            long now = System.nanoTime();
            if (now - checkedAt < CHECK_NANOS) {
                return;
            }
            checkedAt = now;
            RocksBook fresh;
            try {
                Path current = BookVersions.current(dir);
                if (current == null || Objects.equals(current, book.version())) {
                    return;
                }
                fresh = RocksBook.openVersion(current);
            } catch (RuntimeException e) {
                // a pointer being rewritten or a version being pruned: keep serving the open one,
                // retry later
                System.err.println("explorer: keeping " + book.version() + ": " + e.getMessage());
                return;
            }
            RocksBook old = book;
            book = fresh;
            old.close(); // no lease holds it: leases hold the read lock
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public void close() {
        lock.writeLock().lock();
        try {
            book.close();
        } finally {
            lock.writeLock().unlock();
        }
    }
}
