package dev.floodgate.examples.springboot;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/** The warehouse's stock service, as the inventory sees it; while it is down, every call fails. */
@Component
public class Warehouse {

    private final boolean down;

    /** Creates the client; {@code inventory.warehouse.down} simulates the outage. */
    public Warehouse(@Value("${inventory.warehouse.down:false}") boolean down) {
        this.down = down;
    }

    /**
     * Returns the stock of one article.
     *
     * @throws IllegalStateException while the warehouse is down
     */
    public int stock(String sku) {
        if (down) {
            throw new IllegalStateException("connection refused: warehouse.internal:8443");
        }
        return Math.floorMod(sku.hashCode(), 100);
    }
}
