/**
 * What the load generator's JVM wrote about itself beside the JTL: its CPU readings
 * ({@link io.rpcbench.reports.jtl.jvm.CpuReadings}) and its GC log ({@link io.rpcbench.reports.jtl.jvm.GcLog}), read
 * to tell a spike the generator caused from the provider's.
 */
package io.rpcbench.reports.jtl.jvm;
