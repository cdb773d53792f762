package dev.floodgate.redis;

import io.netty.util.internal.logging.AbstractInternalLogger;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.JdkLoggerFactory;
import io.netty.util.internal.logging.Log4J2LoggerFactory;
import io.netty.util.internal.logging.Log4JLoggerFactory;
import io.netty.util.internal.logging.Slf4JLoggerFactory;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * Netty's logger factory, wrapped once per JVM so that what Floodgate's Redis client logs on its own threads
 * ({@link ClientThreads}) goes nowhere, while every other thread's Netty and Lettuce logging goes where it went
 * before: Lettuce and Netty log through this factory, and the client's outages are reported as Floodgate's status
 * instead.
 *
 * <p>Thread-safe; {@link #install()} is guarded by the class. The wrapped loggers add one check of the calling
 * thread to each call.
 */
final class ClientLog extends InternalLoggerFactory {

    /*
     * Where the application's lines go: to the factory in place when the client first starts, if one is (the
     * application's choice, or the one Netty made when the application first used it); else to the one Netty would
     * choose, in Netty's order (SLF4J unless it has no provider, Log4j 2, Log4j, java.util.logging), chosen here
     * without Netty's DEBUG line that says which it chose. To know whether one is in place without making Netty choose
     * (and log), Netty's private field is read; if it cannot be, Netty is asked, and may log that one line.
     * Limits: a class of Netty or Lettuce whose logger was made before install() (the application used it first)
     * logs to its framework whatever the thread; one made after logs through a wrapper, so a layout that prints the
     * caller's class or line shows the wrapper's for it.
     */

    private static boolean installed;

    private final InternalLoggerFactory delegate;
    private final Method newInstance;

    private ClientLog(InternalLoggerFactory delegate, Method newInstance) {
        this.delegate = delegate;
        this.newInstance = newInstance;
    }

    /**
     * Wraps Netty's default logger factory, once; before the client loads any class of Netty that makes a logger.
     * Throws nothing: if the factory cannot be wrapped, Netty's logging stays as it is.
     */
    static synchronized void install() {
        if (installed) {
            return;
        }
        installed = true;
        try {
            wrap();
        } catch (RuntimeException | LinkageError e) {
            // Netty's logging stays as it is
        }
    }

    private static void wrap() {
        InternalLoggerFactory current = inPlace();
        if (current == null) {
            current = nettysChoice();
        }
        Method method;
        try {
            method = current.getClass().getMethod("newInstance", String.class);
        } catch (NoSuchMethodException e) {
            return; // a factory of the application's that makes loggers only for Netty: left as it is
        }
        if (!Modifier.isPublic(current.getClass().getModifiers())) {
            return;
        }
        InternalLoggerFactory.setDefaultFactory(new ClientLog(current, method));
    }

    /** Returns the factory in place, or null if Netty has not chosen one yet. */
    private static InternalLoggerFactory inPlace() {
        try {
            Field field = InternalLoggerFactory.class.getDeclaredField("defaultFactory");
            field.setAccessible(true);
            return (InternalLoggerFactory) field.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return InternalLoggerFactory.getDefaultFactory();
        }
    }

    /** Returns the factory Netty would choose, as Netty chooses it, without logging. */
    private static InternalLoggerFactory nettysChoice() {
        try {
            if (!(org.slf4j.LoggerFactory.getILoggerFactory() instanceof org.slf4j.helpers.NOPLoggerFactory)) {
                return Slf4JLoggerFactory.INSTANCE;
            }
        } catch (LinkageError absent) {
            // no SLF4J: the next one
        }
        try {
            InternalLoggerFactory f = Log4J2LoggerFactory.INSTANCE;
            ((Log4J2LoggerFactory) f).newInstance(InternalLoggerFactory.class.getName());
            return f;
        } catch (LinkageError absent) {
            // no Log4j 2: the next one
        }
        try {
            InternalLoggerFactory f = Log4JLoggerFactory.INSTANCE;
            ((Log4JLoggerFactory) f).newInstance(InternalLoggerFactory.class.getName());
            return f;
        } catch (LinkageError absent) {
            // no Log4j: java.util.logging
        }
        return JdkLoggerFactory.INSTANCE;
    }

    @Override
    protected InternalLogger newInstance(String name) {
        InternalLogger made;
        try {
            made = (InternalLogger) newInstance.invoke(delegate, name);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException ? (RuntimeException) cause : new IllegalStateException(cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return new ClientAwareLogger(made);
    }

    /** A logger that drops what the client's threads log and passes everything else on. */
    private static final class ClientAwareLogger extends AbstractInternalLogger {
        private static final long serialVersionUID = 1L;

        /** Not serialized: a deserialized logger is made again by name (AbstractInternalLogger#readResolve). */
        private final transient InternalLogger to;

        ClientAwareLogger(InternalLogger to) {
            super(to.name());
            this.to = to;
        }

        private static boolean client() {
            return ClientThreads.current();
        }

        @Override
        public boolean isTraceEnabled() {
            return !client() && to.isTraceEnabled();
        }

        @Override
        public void trace(String msg) {
            if (!client()) {
                to.trace(msg);
            }
        }

        @Override
        public void trace(String format, Object arg) {
            if (!client()) {
                to.trace(format, arg);
            }
        }

        @Override
        public void trace(String format, Object argA, Object argB) {
            if (!client()) {
                to.trace(format, argA, argB);
            }
        }

        @Override
        public void trace(String format, Object... arguments) {
            if (!client()) {
                to.trace(format, arguments);
            }
        }

        @Override
        public void trace(String msg, Throwable t) {
            if (!client()) {
                to.trace(msg, t);
            }
        }

        @Override
        public boolean isDebugEnabled() {
            return !client() && to.isDebugEnabled();
        }

        @Override
        public void debug(String msg) {
            if (!client()) {
                to.debug(msg);
            }
        }

        @Override
        public void debug(String format, Object arg) {
            if (!client()) {
                to.debug(format, arg);
            }
        }

        @Override
        public void debug(String format, Object argA, Object argB) {
            if (!client()) {
                to.debug(format, argA, argB);
            }
        }

        @Override
        public void debug(String format, Object... arguments) {
            if (!client()) {
                to.debug(format, arguments);
            }
        }

        @Override
        public void debug(String msg, Throwable t) {
            if (!client()) {
                to.debug(msg, t);
            }
        }

        @Override
        public boolean isInfoEnabled() {
            return !client() && to.isInfoEnabled();
        }

        @Override
        public void info(String msg) {
            if (!client()) {
                to.info(msg);
            }
        }

        @Override
        public void info(String format, Object arg) {
            if (!client()) {
                to.info(format, arg);
            }
        }

        @Override
        public void info(String format, Object argA, Object argB) {
            if (!client()) {
                to.info(format, argA, argB);
            }
        }

        @Override
        public void info(String format, Object... arguments) {
            if (!client()) {
                to.info(format, arguments);
            }
        }

        @Override
        public void info(String msg, Throwable t) {
            if (!client()) {
                to.info(msg, t);
            }
        }

        @Override
        public boolean isWarnEnabled() {
            return !client() && to.isWarnEnabled();
        }

        @Override
        public void warn(String msg) {
            if (!client()) {
                to.warn(msg);
            }
        }

        @Override
        public void warn(String format, Object arg) {
            if (!client()) {
                to.warn(format, arg);
            }
        }

        @Override
        public void warn(String format, Object argA, Object argB) {
            if (!client()) {
                to.warn(format, argA, argB);
            }
        }

        @Override
        public void warn(String format, Object... arguments) {
            if (!client()) {
                to.warn(format, arguments);
            }
        }

        @Override
        public void warn(String msg, Throwable t) {
            if (!client()) {
                to.warn(msg, t);
            }
        }

        @Override
        public boolean isErrorEnabled() {
            return !client() && to.isErrorEnabled();
        }

        @Override
        public void error(String msg) {
            if (!client()) {
                to.error(msg);
            }
        }

        @Override
        public void error(String format, Object arg) {
            if (!client()) {
                to.error(format, arg);
            }
        }

        @Override
        public void error(String format, Object argA, Object argB) {
            if (!client()) {
                to.error(format, argA, argB);
            }
        }

        @Override
        public void error(String format, Object... arguments) {
            if (!client()) {
                to.error(format, arguments);
            }
        }

        @Override
        public void error(String msg, Throwable t) {
            if (!client()) {
                to.error(msg, t);
            }
        }
    }
}
