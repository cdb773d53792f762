/**
 * What the example applications share: the outage they simulate in real time ({@link
 * dev.floodgate.examples.common.Outage}), the log files they read back and report on ({@link
 * dev.floodgate.examples.common.LogFile}, {@link dev.floodgate.examples.common.DemoReport}); and the tools that keep
 * the README true: its example blocks ({@link dev.floodgate.examples.common.Readme}) and its plot of the attrition
 * algorithm ({@link dev.floodgate.examples.common.AttritionPlot}).
 */
package dev.floodgate.examples.common;
