package dev.floodgate.logback;

import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.StackTraceElementProxy;
import dev.floodgate.core.internal.TraceShape;

/**
 * How a {@link TraceShape} reads Logback's {@link IThrowableProxy}: the form in which every Logback event, a remote
 * one included, carries its throwable. Stateless.
 */
final class ThrowableProxyAnatomy implements TraceShape.Anatomy<IThrowableProxy> {

    static final ThrowableProxyAnatomy INSTANCE = new ThrowableProxyAnatomy();

    private ThrowableProxyAnatomy() {
    }

    @Override
    public String className(IThrowableProxy throwable) {
        return throwable.getClassName();
    }

    @Override
    public String message(IThrowableProxy throwable) {
        return throwable.getMessage();
    }

    @Override
    public StackTraceElement firstFrame(IThrowableProxy throwable) {
        StackTraceElementProxy[] frames = throwable.getStackTraceElementProxyArray();
        return frames == null || frames.length == 0 ? null : frames[0].getStackTraceElement();
    }

    @Override
    public int frameCount(IThrowableProxy throwable) {
        StackTraceElementProxy[] frames = throwable.getStackTraceElementProxyArray();
        return frames == null ? 0 : frames.length;
    }

    @Override
    public IThrowableProxy cause(IThrowableProxy throwable) {
        return throwable.getCause();
    }

    @Override
    public IThrowableProxy[] suppressed(IThrowableProxy throwable) {
        return throwable.getSuppressed();
    }
}
