package dev.floodgate.examples.checkout;

import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /orders/{id}/payment}: pays an order through the payment service. When that fails, the exception
 * goes to Spring Boot's error handling, as in most services: the request is answered 500 and the servlet container
 * logs the exception with its stack trace.
 */
@RestController
public class CheckoutController {

    private final PaymentClient payments;

    /** Creates the controller. */
    public CheckoutController(PaymentClient payments) {
        this.payments = payments;
    }

    /** Pays order {@code id} and returns the payment service's answer. */
    @PostMapping("/orders/{id}/payment")
    public String pay(@PathVariable("id") long id) {
        return payments.charge(id);
    }
}
