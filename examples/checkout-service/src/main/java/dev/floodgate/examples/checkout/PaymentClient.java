package dev.floodgate.examples.checkout;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/** The payment service, as the checkout calls it over HTTP ({@code HttpURLConnection}). Thread-safe. */
@Component
public class PaymentClient {

    private final RestClient http;

    /** Creates the client of the payment service at {@code payment.url}. */
    public PaymentClient(@Value("${payment.url}") String url) {
        this.http = RestClient.builder().requestFactory(new SimpleClientHttpRequestFactory()).baseUrl(url).build();
    }

    /**
     * Charges an order's payment and returns the payment service's answer.
     *
     * @throws org.springframework.web.client.RestClientException if the payment service cannot be reached or fails
     */
    public String charge(long order) {
        return http.post().uri("/payments/{order}", order).retrieve().body(String.class);
    }
}
