package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.message.ParameterizedMessage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A template of placeholders alone ({@code "{}{}"}, as Kafka's state-change logger logs every message) says nothing
 * of what is logged, so a call of one is limited by its rendered message, masked: distinct messages are each
 * written, and a flood of one message is still limited. Through the parameter overloads, the array overload, a
 * message object and the builder.
 */
class GenericTemplateTest {

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    void distinctMessagesThroughOneGenericTemplate_areAllWritten_aFloodOfOneIsLimited(String place) {
        Log4jHarness h = Log4jHarness.start(GenericTemplateTest.class, place);
        CountingAppender counts = h.counting("counting");
        Logger log = h.logger("state.change.logger");

        for (int i = 0; i < 100; i++) {
            String partition = "Partition topic-" + LoggerFairnessTest.letters(i) + " became leader";
            switch (i % 4) {
                case 0:
                    log.info("{}{}", "[Broker id=1] ", partition);
                    break;
                case 1:
                    log.info("{}{}{}", "[Broker id=1]", " ", partition);
                    break;
                case 2:
                    log.info(new ParameterizedMessage("{}{}", "[Broker id=1] ", partition));
                    break;
                default:
                    log.atInfo().log("{}{}", "[Broker id=1] ", partition);
            }
        }
        assertThat(counts.writtenTotal()).isEqualTo(100);
        for (int i = 0; i < 100; i++) {
            log.info("{} {}", "Fetch failed for partition", i);
        }
        h.close();
        // the same message 100 times (the number is masked): its limiter's burst passes, the rest is summarized
        assertThat(counts.writtenTotal()).isEqualTo(100 + 16);
        assertThat(counts.summarized("Fetch failed for partition <n>")).isEqualTo(84);
    }
}
