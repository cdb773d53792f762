package dev.floodgate.examples.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The published artifacts, as the build defines them (modules whose pom sets {@code floodgate.publish.skip} to
 * false), are exactly what the BOM lists, each carries the metadata Maven Central asks for, and the README's
 * artifact table and the examples point users at the BOM.
 */
class PublishedArtifactsTest {

    private final Path root = Readme.load().root();

    @Test
    void bom_listsEveryPublishedModule_atTheProjectVersion() throws Exception {
        Document bom = parse(root.resolve("floodgate-bom/pom.xml"));
        String version = text(parse(root.resolve("pom.xml")).getDocumentElement(), "version");
        Set<String> listed = new TreeSet<>();
        NodeList deps = bom.getElementsByTagName("dependency");
        for (int i = 0; i < deps.getLength(); i++) {
            Element d = (Element) deps.item(i);
            assertThat(text(d, "groupId")).isEqualTo("dev.floodgate");
            assertThat(text(d, "version")).as("version of %s in the BOM", text(d, "artifactId"))
                    .isEqualTo("${project.version}");
            listed.add(text(d, "artifactId"));
        }
        assertThat(text(bom.getDocumentElement(), "version")).isEqualTo(version);
        assertThat(listed).isEqualTo(publishedArtifacts());
    }

    @Test
    void everyPublishedPom_hasTheMetadataCentralAsksFor() throws Exception {
        for (Path pom : publishedPoms()) {
            Element project = parse(pom).getDocumentElement();
            assertThat(text(project, "name")).as("name in %s", pom).isNotBlank();
            assertThat(text(project, "description")).as("description in %s", pom).isNotBlank();
        }
        for (Path pom : List.of(root.resolve("pom.xml"), root.resolve("floodgate-bom/pom.xml"))) {
            Element project = parse(pom).getDocumentElement();
            for (String element : List.of("name", "description", "url", "licenses", "developers", "scm")) {
                assertThat(project.getElementsByTagName(element).getLength()).as("<%s> in %s", element, pom)
                        .isPositive();
            }
        }
    }

    @Test
    void everyPublishedModule_hasItsStableModuleName() throws Exception {
        Map<String, String> names = new TreeMap<>();
        for (Path pom : publishedPoms()) {
            Element project = parse(pom).getDocumentElement();
            Path descriptor = pom.resolveSibling("src/main/java/module-info.java");
            String name = Files.exists(descriptor) ? declaredModule(descriptor) : text(project, "automatic.module.name");
            names.put(text(project, "artifactId"), name);
        }
        assertThat(names).isEqualTo(Map.of(
                "floodgate-core", "dev.floodgate.core",
                "logback-floodgate", "dev.floodgate.logback",
                "log4j2-floodgate", "dev.floodgate.log4j2",
                "floodgate-redis", "dev.floodgate.redis",
                "floodgate-micrometer", "dev.floodgate.micrometer",
                "floodgate-spring-boot-starter", "dev.floodgate.spring"));
        for (String described : List.of("floodgate-core", "logback-floodgate", "log4j2-floodgate")) {
            assertThat(root.resolve(described).resolve("src/main/java/module-info.java")).as("module descriptor")
                    .exists();
        }
    }

    @Test
    void readme_andExamples_useTheBom() throws Exception {
        String readme = Files.readString(root.resolve("README.md"));
        assertThat(readme).contains("<artifactId>floodgate-bom</artifactId>");
        for (String artifact : publishedArtifacts()) {
            assertThat(readme).as("README's artifact table").contains("| `" + artifact + "` |");
        }
        for (String example : List.of("logback-app", "log4j2-app", "spring-boot-app")) {
            assertThat(Files.readString(root.resolve("examples/" + example + "/pom.xml")))
                    .as("examples/%s/pom.xml", example)
                    .contains("<artifactId>floodgate-bom</artifactId>");
        }
    }

    @Test
    void readme_andQuickStarts_nameTheVersionsTheBuildUses() throws Exception {
        Element root = parse(this.root.resolve("pom.xml")).getDocumentElement();
        String version = text(root, "version");
        Pattern floodgate = Pattern.compile(
                "<groupId>dev\\.floodgate</groupId>\\s*<artifactId>([^<]+)</artifactId>\\s*<version>([^<]+)</version>");
        for (String file : List.of("README.md", "examples/quickstart-logback/pom.xml",
                "examples/quickstart-log4j2/pom.xml", "examples/checkout-service/pom.xml", "src/docs/metrics.md",
                "src/docs/compatibility.md")) {
            Matcher m = floodgate.matcher(Files.readString(this.root.resolve(file)));
            while (m.find()) {
                assertThat(m.group(2)).as("version of %s in %s", m.group(1), file).isEqualTo(version);
            }
        }
        assertThat(dependencyVersion("examples/quickstart-logback/pom.xml", "logback-classic"))
                .as("the Logback of the Logback quick start").isEqualTo(text(root, "logback.version"));
        assertThat(dependencyVersion("examples/quickstart-log4j2/pom.xml", "log4j-core"))
                .as("the Log4j of the Log4j2 quick start").isEqualTo(text(root, "log4j2.version"));
    }

    /** The version a pom gives its dependency {@code artifactId}. */
    private String dependencyVersion(String pom, String artifactId) throws Exception {
        NodeList deps = parse(root.resolve(pom)).getElementsByTagName("dependency");
        for (int i = 0; i < deps.getLength(); i++) {
            Element d = (Element) deps.item(i);
            if (text(d, "artifactId").equals(artifactId)) {
                return text(d, "version");
            }
        }
        throw new AssertionError(pom + " has no dependency " + artifactId);
    }

    private Set<String> publishedArtifacts() throws Exception {
        Set<String> out = new TreeSet<>();
        for (Path pom : publishedPoms()) {
            out.add(text(parse(pom).getDocumentElement(), "artifactId"));
        }
        return out;
    }

    private List<Path> publishedPoms() throws Exception {
        List<Path> out = new ArrayList<>();
        NodeList modules = parse(root.resolve("pom.xml")).getElementsByTagName("module");
        for (int i = 0; i < modules.getLength(); i++) {
            Path pom = root.resolve(modules.item(i).getTextContent().trim()).resolve("pom.xml");
            if (Files.readString(pom).contains("<floodgate.publish.skip>false</floodgate.publish.skip>")) {
                out.add(pom);
            }
        }
        assertThat(out).as("published modules").isNotEmpty();
        return out;
    }

    /** The name a {@code module-info.java} declares. */
    private static String declaredModule(Path descriptor) throws Exception {
        Matcher m = Pattern.compile("(?m)^module ([\\w.]+) \\{").matcher(Files.readString(descriptor));
        assertThat(m.find()).as("module declaration in %s", descriptor).isTrue();
        return m.group(1);
    }

    /** The text of the first child element of that name, directly under {@code parent} or in its properties. */
    private static String text(Element parent, String name) {
        for (org.w3c.dom.Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && ((Element) n).getTagName().equals(name)) {
                return n.getTextContent().trim();
            }
        }
        NodeList props = parent.getElementsByTagName("properties");
        if (props.getLength() > 0) {
            NodeList found = ((Element) props.item(0)).getElementsByTagName(name);
            if (found.getLength() > 0) {
                return found.item(0).getTextContent().trim();
            }
        }
        return "";
    }

    private static Document parse(Path file) throws ParserConfigurationException, SAXException, IOException {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(file.toFile());
    }
}
