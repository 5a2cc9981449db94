package io.rpcbench.pluginsrepository;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Jars the tests make: entries with the bytes of this test's own compiled classes where there are such, else empty. */
final class Jars {

    private Jars() {
    }

    /** A jar {@code file} holding {@code classNames} as class entries. */
    static Path withClasses(Path file, String... classNames) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (String className : classNames) {
                String entry = className.replace('.', '/') + ".class";
                zip.putNextEntry(new ZipEntry(entry));
                try (InputStream bytes = Jars.class.getClassLoader().getResourceAsStream(entry)) {
                    if (bytes != null) {
                        bytes.transferTo(zip);
                    }
                }
                zip.closeEntry();
            }
        }
        return file;
    }
}
