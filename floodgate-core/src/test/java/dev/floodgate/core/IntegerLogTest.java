package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class IntegerLogTest {

    @Test
    void floorLog_belowBase_isZero() {
        assertThat(IntegerLog.floorLog(1, 2)).isZero();
        assertThat(IntegerLog.floorLog(-7, 10)).isZero();
        assertThat(IntegerLog.floorLog(9, 10)).isZero();
    }

    @Test
    void floorLog_atEveryPowerBoundary_isExact() {
        for (int base = 2; base <= 100; base++) {
            BigInteger b = BigInteger.valueOf(base);
            BigInteger power = b;
            int exponent = 1;
            while (power.bitLength() < 64) {
                long p = power.longValueExact();
                assertThat(IntegerLog.floorLog(p, base)).as("base %d at %d", base, p).isEqualTo(exponent);
                assertThat(IntegerLog.floorLog(p - 1, base)).as("base %d below %d", base, p).isEqualTo(exponent - 1);
                power = power.multiply(b);
                exponent++;
            }
            assertThat(IntegerLog.floorLog(Long.MAX_VALUE, base)).as("base %d at MAX", base).isEqualTo(exponent - 1);
        }
    }
}
