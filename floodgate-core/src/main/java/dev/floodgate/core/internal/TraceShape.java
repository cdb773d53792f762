package dev.floodgate.core.internal;

import java.util.Arrays;
import java.util.Objects;

/**
 * The identity of a stack trace: the class and the first frame of each throwable it prints (the throwable, its
 * suppressed throwables, its causes, in the order a trace prints them), never a message. Two throws of one exception
 * class at one line, wrapped the same way, have one shape whatever their messages say; a different class, cause,
 * suppressed throwable or first frame is a different shape.
 *
 * <p>Immutable and thread-safe. Holds at most {@value #MAX_THROWABLES} class names and frames; a longer chain is cut
 * there and marked as cut, and a throwable met a second time (a cyclic chain) is recorded once as a cycle and not
 * followed. Its {@link #hashCode} is not seeded per process: a shape is made of code (class names and frames), which
 * an attacker does not choose, and {@link #id} must be the same in every process.
 */
public final class TraceShape {

    /** How many throwables of one chain a shape records; the walk stops there. */
    public static final int MAX_THROWABLES = 32;

    /**
     * How a shape reads one framework's throwables (a {@link Throwable}, or Logback's {@code IThrowableProxy}).
     *
     * @param <T> the framework's throwable type
     */
    public interface Anatomy<T> {

        /** Returns the throwable's class name. */
        String className(T throwable);

        /** Returns the throwable's message, or null if it has none. */
        String message(T throwable);

        /** Returns the throwable's first (innermost) stack frame, or null if its trace is empty. */
        StackTraceElement firstFrame(T throwable);

        /** Returns the number of frames of the throwable's own stack trace. */
        int frameCount(T throwable);

        /** Returns the throwable's cause, or null. */
        T cause(T throwable);

        /** Returns the throwable's suppressed throwables, or null or an empty array if it has none. */
        T[] suppressed(T throwable);
    }

    /** The anatomy of a {@link Throwable} itself. */
    public static final Anatomy<Throwable> THROWABLE = new ThrowableAnatomy();

    private static final String CYCLE = "[CIRCULAR REFERENCE] ";

    private final String[] classNames;
    private final StackTraceElement[] firstFrames;
    private final boolean cut;
    private final int frames;
    private final long hash64;

    private TraceShape(String[] classNames, StackTraceElement[] firstFrames, boolean cut, int frames) {
        this.classNames = classNames;
        this.firstFrames = firstFrames;
        this.cut = cut;
        this.frames = frames;
        long h = cut ? 0x2545F4914F6CDD1DL : 0x9E3779B97F4A7C15L;
        for (int i = 0; i < classNames.length; i++) {
            h = mix(h, Objects.hashCode(classNames[i]));
            StackTraceElement f = firstFrames[i];
            if (f != null) {
                h = mix(h, f.getClassName().hashCode());
                h = mix(h, f.getMethodName().hashCode());
                h = mix(h, Objects.hashCode(f.getFileName()));
                h = mix(h, f.getLineNumber());
            }
        }
        this.hash64 = h;
    }

    /**
     * Returns the shape of {@code throwable}'s trace.
     *
     * @throws NullPointerException if an argument is null
     */
    public static <T> TraceShape of(T throwable, Anatomy<T> anatomy) {
        Objects.requireNonNull(throwable, "throwable");
        Objects.requireNonNull(anatomy, "anatomy");
        Walk<T> walk = new Walk<>(anatomy);
        walk.visit(throwable);
        return new TraceShape(Arrays.copyOf(walk.classNames, walk.size),
                Arrays.copyOf(walk.firstFrames, walk.size), walk.cut, anatomy.frameCount(throwable));
    }

    /**
     * Returns the short id of this shape: eight hex digits, the same in every process for the same classes and frames,
     * so that a reference line and the full trace it names can be found by one search in every instance's log.
     */
    public String id() {
        String hex = Long.toHexString((hash64 >>> 32) | 0x1_0000_0000L);
        return hex.substring(hex.length() - 8);
    }

    /** Returns the number of frames of the outermost throwable's own stack trace. */
    public int frames() {
        return frames;
    }

    /** Returns how many throwables this shape records (at most {@value #MAX_THROWABLES}). */
    public int throwables() {
        return classNames.length;
    }

    /** Returns whether the chain was longer than {@value #MAX_THROWABLES} and the walk stopped there. */
    public boolean isCut() {
        return cut;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TraceShape)) {
            return false;
        }
        TraceShape other = (TraceShape) o;
        return hash64 == other.hash64 && cut == other.cut && Arrays.equals(classNames, other.classNames)
                && Arrays.equals(firstFrames, other.firstFrames);
    }

    @Override
    public int hashCode() {
        return (int) (hash64 ^ (hash64 >>> 32));
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("TraceShape[").append(id());
        for (int i = 0; i < classNames.length; i++) {
            sb.append(i == 0 ? " " : " / ").append(classNames[i]);
            if (firstFrames[i] != null) {
                sb.append(" at ").append(firstFrames[i]);
            }
        }
        return sb.append(cut ? " / ...]" : "]").toString();
    }

    private static long mix(long h, int value) {
        long x = (h ^ value) * 0xBF58476D1CE4E5B9L;
        return x ^ (x >>> 31);
    }

    /**
     * One walk of a chain in printing order. The visited throwables are compared by identity in a linear scan: at
     * most {@value #MAX_THROWABLES} of them, so at most that many squared comparisons.
     */
    private static final class Walk<T> {

        private final Anatomy<T> anatomy;
        private Object[] visited = new Object[4];
        private String[] classNames = new String[4];
        private StackTraceElement[] firstFrames = new StackTraceElement[4];
        private int size;
        private boolean cut;

        Walk(Anatomy<T> anatomy) {
            this.anatomy = anatomy;
        }

        void visit(T throwable) {
            if (cut) {
                return;
            }
            if (size == MAX_THROWABLES) {
                cut = true;
                return;
            }
            for (int i = 0; i < size; i++) {
                if (visited[i] == throwable) {
                    add(throwable, CYCLE + anatomy.className(throwable), null);
                    return;
                }
            }
            add(throwable, anatomy.className(throwable), anatomy.firstFrame(throwable));
            T[] suppressed = anatomy.suppressed(throwable);
            if (suppressed != null) {
                for (T s : suppressed) {
                    if (s != null) {
                        visit(s);
                    }
                }
            }
            T cause = anatomy.cause(throwable);
            if (cause != null) {
                visit(cause);
            }
        }

        private void add(T throwable, String className, StackTraceElement firstFrame) {
            if (size == classNames.length) {
                int grown = Math.min(MAX_THROWABLES, size * 2);
                visited = Arrays.copyOf(visited, grown);
                classNames = Arrays.copyOf(classNames, grown);
                firstFrames = Arrays.copyOf(firstFrames, grown);
            }
            visited[size] = throwable;
            classNames[size] = className;
            firstFrames[size] = firstFrame;
            size++;
        }
    }

    /** Reads a {@link Throwable}; each frame read copies its stack trace array, as {@link Throwable#getStackTrace} does. */
    private static final class ThrowableAnatomy implements Anatomy<Throwable> {

        @Override
        public String className(Throwable throwable) {
            return throwable.getClass().getName();
        }

        @Override
        public String message(Throwable throwable) {
            return throwable.getMessage();
        }

        @Override
        public StackTraceElement firstFrame(Throwable throwable) {
            StackTraceElement[] frames = throwable.getStackTrace();
            return frames.length == 0 ? null : frames[0];
        }

        @Override
        public int frameCount(Throwable throwable) {
            return throwable.getStackTrace().length;
        }

        @Override
        public Throwable cause(Throwable throwable) {
            return throwable.getCause();
        }

        @Override
        public Throwable[] suppressed(Throwable throwable) {
            return throwable.getSuppressed();
        }
    }
}
