package dev.floodgate.core.fingerprint;

import java.lang.ref.WeakReference;

/**
 * The first stack frame of the throwable a thread fingerprinted last. {@link Throwable#getStackTrace()} copies the
 * whole trace on every call, so without this a throwable logged again and again (one shared, preallocated or
 * rethrown instance) would cost a copy of its trace on every suppressed call. A throwable is recognised by identity;
 * it keeps the frame it had when this thread first read it, even if its trace is later set or filled in again.
 *
 * <p>Not thread-safe: one platform thread's. Holds the throwable weakly, so it never keeps one alive, and its first
 * frame strongly (one small object).
 */
final class FrameMemo {

    private static final WeakReference<Throwable> NONE = new WeakReference<>(null);

    private WeakReference<Throwable> last = NONE;
    private StackTraceElement frame;

    /** {@return the first frame of {@code thrown}, or null if it has none}; read anew only for a new throwable */
    StackTraceElement firstFrame(Throwable thrown) {
        if (last.get() != thrown) {
            frame = read(thrown);
            last = new WeakReference<>(thrown);
        }
        return frame;
    }

    /** {@return the first frame of {@code thrown}, or null if it has none or reading it fails} */
    static StackTraceElement read(Throwable thrown) {
        try {
            StackTraceElement[] frames = thrown.getStackTrace();
            return frames == null || frames.length == 0 ? null : frames[0];
        } catch (RuntimeException e) {
            return null;
        }
    }
}
