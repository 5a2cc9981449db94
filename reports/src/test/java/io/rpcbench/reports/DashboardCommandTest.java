package io.rpcbench.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.reports.dashboard.DashboardFixtures;
import io.rpcbench.reports.dashboard.RunInput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rpcbench-reports command line: run specs, outputs, and errors that name the bad input. */
class DashboardCommandTest {

    @TempDir
    Path dir;

    private final ReportsCommand command = new ReportsCommand();

    @Test
    void writesThePageAndTheFiguresAndPrintsThePagesPath() throws IOException {
        Path html = dir.resolve("out/dashboard.html");
        Path json = dir.resolve("dashboard-data.json");

        int code = command.run("--run", "dubbo-echo-1k=" + DashboardFixtures.file("dubbo-echo-1k.jtl") + ",perfmon="
                        + DashboardFixtures.file("dubbo-echo-1k-perfmon.jtl") + ",jmeter-dashboard=" + dir.resolve("out/d/index.html"),
                "--run", "thrift-echo-1k=" + DashboardFixtures.file("thrift-echo-1k.jtl") + ",system=Thrift 0.20",
                "--output", html.toString(), "--data-json", json.toString());

        assertThat(code).as(command.err()).isZero();
        assertThat(command.out().trim()).isEqualTo(html.toAbsolutePath().normalize().toString());
        assertThat(Files.readString(html)).contains("\"jmeterDashboard\" : \"d/index.html\"");
        assertThat(Files.readString(json)).contains("\"system\" : \"Thrift 0.20\"");
    }

    @Test
    void aMissingJtlFailsNamingTheRunAndTheFile() {
        Path missing = dir.resolve("nowhere.jtl");

        int code = command.run("--run", "dubbo-echo-1k=" + missing, "--output", dir.resolve("d.html").toString());

        assertThat(code).isEqualTo(1);
        assertThat(command.err()).contains("run 'dubbo-echo-1k'", missing + " does not exist");
        assertThat(dir.resolve("d.html")).doesNotExist();
    }

    @Test
    void aCorruptJtlLineFailsNamingFileAndLine() throws IOException {
        Path jtl = dir.resolve("broken.jtl");
        Files.writeString(jtl, "timeStamp,elapsed,label,responseCode,success\n1700000000000,3,x,OK,true\n17000000");

        int code = command.run("--run", "x=" + jtl, "--output", dir.resolve("d.html").toString());

        assertThat(code).isEqualTo(1);
        assertThat(command.err()).contains(jtl + ":3: the row has 1 fields");
    }

    @Test
    void runSpecsAreParsedAndMistakesNamed() {
        RunInput run = DashboardCommand.parse("dubbo-echo-100k=r/a.jtl,perfmon=r/p.jtl,scenario=100k");
        assertThat(run.name()).isEqualTo("dubbo-echo-100k");
        assertThat(run.system()).isEqualTo("dubbo");
        assertThat(run.scenario()).isEqualTo("100k");
        assertThat(run.perfmon()).contains(Path.of("r/p.jtl"));

        assertThatThrownBy(() -> DashboardCommand.parse("r/a.jtl"))
                .hasMessageContaining("--run 'r/a.jtl': no NAME=JTL at the start; expected NAME=JTL[,perfmon=FILE]");
        assertThatThrownBy(() -> DashboardCommand.parse("a=x.jtl,perfmom=p.jtl"))
                .hasMessageContaining("'perfmom=p.jtl' is not one of perfmon=");
        assertThatThrownBy(() -> DashboardCommand.parse("a=x.jtl,perfmon=p,perfmon=q"))
                .hasMessageContaining("'perfmon' is given twice");
    }

    @Test
    void aRunsMeasuredWindowAndLoadGeneratorCpuAreOptionsOfItsSpec() {
        RunInput run = DashboardCommand.parse("dubbo-echo-1k=r/a.jtl,warmup=30,measured=540.5,client-cpu=42.5,"
                + "client-cores=8");

        assertThat(run.warmup()).isEqualTo(java.time.Duration.ofSeconds(30));
        assertThat(run.measured()).contains(java.time.Duration.ofMillis(540_500));
        assertThat(run.clientCpuPercent()).contains(42.5);
        assertThat(run.clientCores()).contains(8);
        RunInput plain = DashboardCommand.parse("dubbo-echo-1k=r/a.jtl");
        assertThat(plain.warmup()).isZero();
        assertThat(plain.measured()).isEmpty();
        assertThat(plain.clientCpuPercent()).isEmpty();
    }

    @Test
    void badWindowAndCpuValuesAreNamed() {
        assertThatThrownBy(() -> DashboardCommand.parse("a=x.jtl,warmup=soon"))
                .hasMessageStartingWith("--run 'a=x.jtl,warmup=soon': warmup=soon is not a number; expected seconds "
                        + "from 0, e.g. 30 or 2.5");
        assertThatThrownBy(() -> DashboardCommand.parse("a=x.jtl,warmup=-1"))
                .hasMessage("--run 'a=x.jtl,warmup=-1': warmup=-1; expected seconds from 0, e.g. 30 or 2.5");
        assertThatThrownBy(() -> DashboardCommand.parse("a=x.jtl,measured=0"))
                .hasMessage("--run 'a=x.jtl,measured=0': measured=0; expected seconds above 0, e.g. 540 or 2.5");
        assertThatThrownBy(() -> DashboardCommand.parse("a=x.jtl,client-cpu=50"))
                .hasMessageContaining("client-cpu= and client-cores= go together");
        assertThatThrownBy(() -> DashboardCommand.parse("a=x.jtl,client-cpu=50,client-cores=2.5"))
                .hasMessage("--run 'a=x.jtl,client-cpu=50,client-cores=2.5': client-cores=2.5; expected a whole "
                        + "number of cores from 1");
        assertThatThrownBy(() -> DashboardCommand.parse("a=x.jtl,client-cpu=150,client-cores=4"))
                .hasMessage("run 'a': the JMeter process's CPU is 150.0 %; expected 0 to 100, as % of all the "
                        + "machine's cores");
    }

    @Test
    void aWarmupLongerThanTheRunExitsWith1NamingTheRunAndTheJtlsSpan() {
        int code = command.run("--run", "dubbo-echo-1k=" + DashboardFixtures.file("dubbo-echo-1k.jtl") + ",warmup=60",
                "--output", dir.resolve("d.html").toString());

        // The first sample starts at 22:13:20.315Z: 60 s later, the window starts on the next whole second.
        assertThat(code).isEqualTo(1);
        assertThat(command.err()).startsWith("rpcbench-reports: run 'dubbo-echo-1k': no sample started in the "
                        + "measured window (warm-up 60.685 s: from 2023-11-14T22:14:21Z); the JTL ")
                .contains("dubbo-echo-1k.jtl has samples starting from 2023-11-14T22:13:20.315Z");
        assertThat(dir.resolve("d.html")).doesNotExist();
    }

    @Test
    void helpNamesTheWindowOptions() {
        assertThat(command.run("--help")).isZero();
        assertThat(command.out()).contains("warmup=SECONDS", "measured=SECONDS", "client-cpu=PERCENT",
                "client-cores=N", "STARTED in the measured window");
    }

    @Test
    void missingOutputIsAUsageError() {
        assertThat(command.run("--run", "a=x.jtl")).isEqualTo(2);
        assertThat(command.err()).contains("Missing required option: '--output=HTML'");
    }
}
