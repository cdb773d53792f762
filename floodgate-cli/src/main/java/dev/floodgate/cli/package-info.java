/**
 * The {@code floodgate-cli} tool: {@code replay} runs a recorded log through a Floodgate filter on the log's own
 * timestamps and reports what would have passed; {@code pipe} filters any text stream live. Entry point:
 * {@link dev.floodgate.cli.Main}.
 */
package dev.floodgate.cli;
