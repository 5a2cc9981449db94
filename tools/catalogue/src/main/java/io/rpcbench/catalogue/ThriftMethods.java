package io.rpcbench.catalogue;

import io.rpcbench.sampler.template.ThriftArgumentTemplate;
import io.rpcbench.sampler.thrift.ThriftStructShape;
import java.io.File;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.apache.thrift.TBase;

/**
 * The methods of a Thrift service as the Thrift compiler generated it for Java, read from its jar or class folder:
 * the nested {@code Iface} names the methods, and each method's {@code <method>_args} struct holds its arguments'
 * metadata, from which {@link ThriftArgumentTemplate} writes the template.
 *
 * <pre>{@code
 * ThriftMethods service = ThriftMethods.load("io.rpcbench.example.thrift.InventoryService", "lib/inventory.jar");
 * String arguments = service.template("shelve");
 * }</pre>
 */
final class ThriftMethods {

    static final String SERVICE = "--thrift-service";
    static final String CLASSPATH = "--classpath";

    private final Class<?> service;
    private final ClassLoader loader;
    private final TreeSet<String> names;

    private ThriftMethods(Class<?> service, ClassLoader loader, TreeSet<String> names) {
        this.service = service;
        this.loader = loader;
        this.names = names;
    }

    /**
     * @param classpath jars and class folders separated by the platform's path separator ({@code :} here)
     * @throws BadOptionException when an entry does not exist, the class is not there, or is not a generated service
     */
    static ThriftMethods load(String serviceClass, String classpath) {
        List<URL> urls = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (entry.isBlank() || !Files.exists(path)) {
                throw BadOptionException.of(CLASSPATH, classpath, "names " + (entry.isBlank() ? "an empty entry"
                        : path.toAbsolutePath() + ", which does not exist"), "the jar or class folder of the service's"
                        + " generated Java classes (entries separated by " + File.pathSeparator + ")");
            }
            try {
                urls.add(path.toUri().toURL());
            } catch (MalformedURLException e) {
                throw BadOptionException.of(CLASSPATH, classpath, "has an entry that is no URL: " + entry,
                        "paths of jars or class folders");
            }
        }
        // The parent holds libthrift: the generated classes must see the TBase this code reads them through.
        ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ThriftMethods.class.getClassLoader());
        String expected = "the generated Thrift service class, e.g. io.rpcbench.example.thrift.InventoryService, in "
                + CLASSPATH;
        Class<?> service;
        try {
            service = Class.forName(serviceClass, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw BadOptionException.of(SERVICE, serviceClass, "is not in " + CLASSPATH + " " + classpath, expected);
        }
        Class<?> iface = nested(service, "Iface", loader);
        if (iface == null) {
            throw BadOptionException.of(SERVICE, serviceClass, "is not a generated Thrift service (it has no nested"
                    + " Iface)", expected);
        }
        TreeSet<String> names = new TreeSet<>();
        Arrays.stream(iface.getMethods()).map(Method::getName).forEach(names::add);
        return new ThriftMethods(service, loader, names);
    }

    String serviceName() {
        return service.getName();
    }

    /** The method names, sorted. */
    List<String> names() {
        return List.copyOf(names);
    }

    /**
     * The template of {@code method}'s arguments.
     *
     * @throws BadOptionException when the service has no such method (naming those it has)
     */
    String template(String method) {
        return ThriftArgumentTemplate.of(arguments(method));
    }

    /** The {@code <method>_args} struct of {@code method}. */
    ThriftStructShape arguments(String method) {
        Class<?> args = names.contains(method) ? nested(service, method + "_args", loader) : null;
        if (args == null || !TBase.class.isAssignableFrom(args)) {
            throw BadOptionException.of(MethodPick.METHOD, method, "is not a method of " + service.getName(),
                    "one of " + String.join(", ", names));
        }
        return ThriftStructShape.of(args);
    }

    private static Class<?> nested(Class<?> service, String simpleName, ClassLoader loader) {
        try {
            return Class.forName(service.getName() + "$" + simpleName, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
