package io.rpcbench.reports.check;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A JUnit XML report (the {@code testsuite} format Jenkins' JUnit plugin and GitLab's test reports read): one test
 * case per check, a {@code failure} for each that failed.
 */
public final class JUnitReport {

    /**
     * One check.
     *
     * @param classname where it belongs, e.g. {@code rpcbench.dubbo-echo-1k}
     * @param name      the check, e.g. {@code p99 < 2ms}
     * @param failure   why it failed, or empty when it passed
     * @param output    what it measured
     */
    public record Case(String classname, String name, Optional<String> failure, String output) {}

    private JUnitReport() {}

    /** Writes {@code cases} as the test suite {@code suite} into {@code file}, making its folder. */
    public static void write(Path file, String suite, List<Case> cases) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(writer);
                xml.writeStartDocument("UTF-8", "1.0");
                xml.writeCharacters("\n");
                xml.writeStartElement("testsuite");
                xml.writeAttribute("name", suite);
                xml.writeAttribute("tests", Integer.toString(cases.size()));
                xml.writeAttribute("failures", Long.toString(cases.stream().filter(c -> c.failure().isPresent())
                        .count()));
                xml.writeAttribute("errors", "0");
                for (Case c : cases) {
                    xml.writeCharacters("\n  ");
                    xml.writeStartElement("testcase");
                    xml.writeAttribute("classname", c.classname());
                    xml.writeAttribute("name", c.name());
                    if (c.failure().isPresent()) {
                        xml.writeStartElement("failure");
                        xml.writeAttribute("message", c.failure().get());
                        xml.writeCharacters(c.output());
                        xml.writeEndElement();
                    } else {
                        xml.writeStartElement("system-out");
                        xml.writeCharacters(c.output());
                        xml.writeEndElement();
                    }
                    xml.writeEndElement();
                }
                xml.writeCharacters("\n");
                xml.writeEndElement();
                xml.writeCharacters("\n");
                xml.writeEndDocument();
                xml.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the JUnit report " + file + ": " + e.getMessage(), e);
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write the JUnit report " + file + ": " + e.getMessage(), e);
        }
    }
}
