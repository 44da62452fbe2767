// The one file that calls KDE's KSyntaxHighlighting (and Qt, which it is written in). What
// leaves it is plain C: a malloc'd UTF-8 string of HTML, or NULL.
#include "CHighlight.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

#include <QHash>
#include <QString>
#include <QStringView>

#include <cstdlib>
#include <cstring>
#include <memory>

namespace {

using namespace KSyntaxHighlighting;

// Kate's default styles as pandoc names them in its HTML (`<span class="kw">`), so themes
// written for pandoc's highlighting fit. Indexed by Theme::TextStyle; Normal has no span.
const char *const styleClasses[] = {
    nullptr, "kw", "fu", "va", "cf", "op", "bu", "ex", "pp", "at", "ch", "sc", "st", "vs", "ss", "im",
    "dt", "dv", "bn", "fl", "cn", "co", "do", "an", "cv", "re", "in", "wa", "al", "ot", "er",
};
const int styleCount = sizeof(styleClasses) / sizeof(styleClasses[0]);

void appendEscaped(QString &out, QStringView text) {
    for (QChar c : text) {
        switch (c.unicode()) {
        case '&': out += QLatin1String("&amp;"); break;
        case '<': out += QLatin1String("&lt;"); break;
        case '>': out += QLatin1String("&gt;"); break;
        default: out += c;
        }
    }
}

// Writes one line at a time into `out`: the engine calls applyFormat for each token of the line.
class HTMLWriter final : public AbstractHighlighter {
public:
    QString out;

    void writeLine(QStringView line, State &state) {
        this->line = line;
        written = 0;
        state = highlightLine(line, state);
        // What the engine left unformatted at the end of the line.
        if (written < line.size()) appendEscaped(out, line.mid(written));
    }

protected:
    void applyFormat(int offset, int length, const Format &format) override {
        if (length <= 0) return;
        if (offset > written) appendEscaped(out, line.mid(written, offset - written));
        int style = int(format.textStyle());
        const char *name = style > 0 && style < styleCount ? styleClasses[style] : nullptr;
        if (name) {
            out += QLatin1String("<span class=\"");
            out += QLatin1String(name);
            out += QLatin1String("\">");
        }
        appendEscaped(out, line.mid(offset, length));
        if (name) out += QLatin1String("</span>");
        written = offset + length;
    }

private:
    QStringView line;
    int written = 0;
};

// A repository loads its definitions' files as they are first asked for, and is not safe to
// share between threads: each thread has its own, made on its first call.
struct Engine {
    Repository repository;
    QHash<QString, Definition> byName;
    HTMLWriter writer;

    Engine() {
        for (const Definition &definition : repository.definitions()) {
            byName.insert(definition.name().toLower(), definition);
        }
    }

    Definition find(const char *language) {
        QString name = QString::fromUtf8(language).toLower();
        if (name.isEmpty()) return Definition();
        auto named = byName.constFind(name);
        if (named != byName.constEnd()) return *named;
        // An extension (`py`, `rs`, `yml`): what a definition claims for its files.
        return repository.definitionForFileName(QStringLiteral("file.") + name);
    }
};

Engine &engine() {
    thread_local std::unique_ptr<Engine> engine(new Engine());
    return *engine;
}

} // namespace

extern "C" char *sitegen_highlight(const char *language, const char *code, size_t length, size_t *outLength) {
    Engine &e = engine();
    Definition definition = e.find(language);
    if (!definition.isValid()) return nullptr;
    HTMLWriter &writer = e.writer;
    writer.setDefinition(definition);
    writer.out.clear();
    QString text = QString::fromUtf8(code, qsizetype(length));
    writer.out.reserve(text.size() * 2);
    State state;
    QStringView rest(text);
    while (!rest.isEmpty()) {
        qsizetype end = rest.indexOf(QLatin1Char('\n'));
        QStringView line = end < 0 ? rest : rest.left(end);
        writer.writeLine(line, state);
        if (end < 0) break;
        writer.out += QLatin1Char('\n');
        rest = rest.mid(end + 1);
    }
    QByteArray utf8 = writer.out.toUtf8();
    char *result = static_cast<char *>(std::malloc(size_t(utf8.size()) + 1));
    if (!result) return nullptr;
    std::memcpy(result, utf8.constData(), size_t(utf8.size()));
    result[utf8.size()] = 0;
    if (outLength) *outLength = size_t(utf8.size());
    return result;
}
