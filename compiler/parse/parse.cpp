// Parse phase entry points: UTF-8 validation, lexing, nesting caps, two-stage parsing
// (SLL, then full LL only when SLL fails), ANTLR errors turned into diagnostics.
#include "compiler/parse/parse.h"

#include <fmt/format.h>
#include <llvm/Support/ConvertUTF.h>

#include "RinglineLexer.h"
#include "RinglineParser.h"
#include "antlr4-runtime.h"
#include "compiler/parse/builder.h"

namespace rl::parse {
namespace {

using grammar::RinglineLexer;
using grammar::RinglineParser;

// Maps code-point indices (what ANTLR counts) to byte offsets (what SourceMgr counts).
struct Input {
  std::string text;
  std::vector<uint32_t> cp_to_byte;  // empty when the text is ASCII
};

bool PrepareInput(unsigned buffer_id, diag::Engine& diags, Input& in) {
  llvm::StringRef buf = diags.SourceMgr().getMemoryBuffer(buffer_id)->getBuffer();
  in.text = buf.str();
  const auto* begin = reinterpret_cast<const llvm::UTF8*>(in.text.data());
  const auto* end = begin + in.text.size();
  const llvm::UTF8* bad = begin;
  if (!llvm::isLegalUTF8String(&bad, end)) {
    uint32_t off = static_cast<uint32_t>(bad - begin);
    diags.Report(diag::Kind::bad_encoding, {buffer_id, off, off + 1},
                 fmt::format("byte 0x{:02x} is not valid UTF-8; specs are UTF-8 text",
                             static_cast<unsigned>(*bad)));
    return false;
  }
  bool ascii = true;
  for (unsigned char c : in.text)
    if (c >= 0x80) { ascii = false; break; }
  if (!ascii) {
    for (uint32_t i = 0; i < in.text.size(); ++i)
      if ((static_cast<unsigned char>(in.text[i]) & 0xC0) != 0x80) in.cp_to_byte.push_back(i);
    in.cp_to_byte.push_back(static_cast<uint32_t>(in.text.size()));
  }
  return true;
}

std::string Reword(std::string msg) {
  // ANTLR quotes with '...'; our diagnostics put code in backticks.
  for (char& c : msg)
    if (c == '\'') c = '`';
  for (const char* eof : {"<EOF>"}) {
    size_t p;
    while ((p = msg.find(eof)) != std::string::npos) msg.replace(p, 5, "end of file");
  }
  if (msg.rfind("extraneous input", 0) == 0) msg.replace(0, 16, "unexpected");
  if (msg.rfind("mismatched input", 0) == 0) msg.replace(0, 16, "unexpected");
  if (msg.rfind("no viable alternative at input", 0) == 0) msg.replace(0, 30, "cannot parse");
  return msg;
}

class ErrorListener : public antlr4::BaseErrorListener {
 public:
  ErrorListener(diag::Engine& d, unsigned buffer, const std::vector<uint32_t>& map)
      : diags_(d), buffer_(buffer), map_(map) {}
  void syntaxError(antlr4::Recognizer*, antlr4::Token* tok, size_t, size_t,
                   const std::string& msg, std::exception_ptr) override {
    ++count;
    uint32_t b = 0, e = 0;
    if (tok) {
      b = Byte(tok->getStartIndex());
      e = tok->getType() == antlr4::Token::EOF ? b : Byte(tok->getStopIndex() + 1);
    }
    diags_.Report(diag::Kind::syntax_error, {buffer_, b, e}, Reword(msg));
  }
  unsigned count = 0;

 private:
  uint32_t Byte(size_t cp) const {
    if (map_.empty()) return static_cast<uint32_t>(cp);
    return cp < map_.size() ? map_[cp] : map_.back();
  }
  diag::Engine& diags_;
  unsigned buffer_;
  const std::vector<uint32_t>& map_;
};

// Rejects input whose nesting would make the recursive parser, the AST or the checker
// recurse without bound. Counts are per top-level declaration.
bool CheckLimits(const std::vector<antlr4::Token*>& toks, const Limits& lim, Builder& b,
                 diag::Engine& diags) {
  unsigned depth = 0, prefix = 0, binary = 0;
  size_t prev = 0;
  bool ok = true;
  for (antlr4::Token* t : toks) {
    std::string s = t->getType() == antlr4::Token::EOF ? "" : t->getText();
    if (t->getType() == RinglineLexer::ERROR_CHAR) {
      diags.Report(diag::Kind::syntax_error, b.Range(t),
                   fmt::format("unexpected character `{}`", s));
      ok = false;
      if (diags.Stopped()) return false;
      continue;
    }
    if (s == "let" || s == "fn" || s == "scenario" || s == "record" || s == "import" ||
        s == "param" || s == "report" || s == "require") {
      prefix = binary = 0;
    }
    if (s == "(" || s == "[" || s == "{") {
      if (++depth > lim.max_bracket_depth) {
        diags.Report(diag::Kind::nesting_too_deep, b.Range(t),
                     fmt::format("brackets nested more than {} deep", lim.max_bracket_depth));
        return false;
      }
    } else if (s == ")" || s == "]" || s == "}") {
      if (depth > 0) --depth;
    }
    bool after_operand = prev == RinglineLexer::ID || prev == RinglineLexer::NUMBER ||
                         prev == RinglineLexer::STRING;
    if (s == "if" || s == "not" || s == "^" || (s == "-" && !after_operand)) {
      if (++prefix > lim.max_prefix_ops) {
        diags.Report(diag::Kind::nesting_too_deep, b.Range(t),
                     fmt::format("more than {} nested `if`, `not`, `^` or unary `-` in one "
                                 "declaration", lim.max_prefix_ops));
        return false;
      }
    }
    if (s == "+" || s == "-" || s == "*" || s == "/" || s == "and" || s == "or" || s == "." ||
        s == "%" || s == "with") {
      if (++binary > lim.max_binary_ops) {
        diags.Report(diag::Kind::nesting_too_deep, b.Range(t),
                     fmt::format("more than {} operators in one declaration; split it with `let`",
                                 lim.max_binary_ops));
        return false;
      }
    }
    prev = t->getType();
  }
  return ok;
}

// Runs `rule` with SLL prediction and falls back to full LL only on a syntax error, the
// standard two-stage strategy (SLL is much faster and almost always enough).
template <class Ctx>
Ctx* TwoStageParse(RinglineParser& parser, antlr4::CommonTokenStream& tokens,
                   ErrorListener& listener, Ctx* (RinglineParser::*rule)()) {
  parser.removeErrorListeners();
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::SLL);
  auto bail = std::make_shared<antlr4::BailErrorStrategy>();
  parser.setErrorHandler(bail);
  try {
    return (parser.*rule)();
  } catch (antlr4::ParseCancellationException&) {
  }
  tokens.seek(0);
  parser.reset();
  parser.addErrorListener(&listener);
  parser.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::LL);
  return (parser.*rule)();
}

template <class Fn>
bool WithParser(unsigned buffer_id, diag::Engine& diags, const Limits& limits, ast::Module& m,
                Fn&& fn) {
  Input in;
  if (!PrepareInput(buffer_id, diags, in)) return false;
  try {
    antlr4::ANTLRInputStream stream(in.text);
    RinglineLexer lexer(&stream);
    lexer.removeErrorListeners();
    antlr4::CommonTokenStream tokens(&lexer);
    tokens.fill();
    Builder builder(m, buffer_id, in.cp_to_byte, diags);
    if (!CheckLimits(tokens.getTokens(), limits, builder, diags)) return false;
    RinglineParser parser(&tokens);
    ErrorListener listener(diags, buffer_id, in.cp_to_byte);
    return fn(parser, tokens, listener, builder);
  } catch (std::exception& e) {
    // ANTLR signals internal failures with exceptions; they end here, as a diagnostic.
    diags.Report(diag::Kind::syntax_error, {buffer_id, 0, 0},
                 fmt::format("the parser gave up: {}", e.what()));
    return false;
  }
}

}  // namespace

std::unique_ptr<ast::Module> ParseBuffer(unsigned buffer_id, diag::Engine& diags,
                                         const Limits& limits) {
  auto m = std::make_unique<ast::Module>();
  m->buffer = buffer_id;
  m->path = diags.SourceMgr().getMemoryBuffer(buffer_id)->getBufferIdentifier().str();
  unsigned errors_before = diags.ErrorCount();
  bool ok = WithParser(buffer_id, diags, limits, *m,
                       [&](RinglineParser& parser, antlr4::CommonTokenStream& tokens,
                           ErrorListener& listener, Builder& builder) {
                         auto* tree = TwoStageParse(parser, tokens, listener,
                                                    &RinglineParser::module_);
                         if (listener.count > 0) return false;
                         builder.BuildModule(tree);
                         return true;
                       });
  (void)errors_before;
  if (!ok) return nullptr;  // unknown units and the like leave a poisoned but usable AST
  return m;
}

bool ParseCliValues(unsigned buffer_id, diag::Engine& diags, ast::Module& arena,
                    std::vector<ast::ValueSet>& out) {
  unsigned errors_before = diags.ErrorCount();
  bool ok = WithParser(buffer_id, diags, Limits{}, arena,
                       [&](RinglineParser& parser, antlr4::CommonTokenStream& tokens,
                           ErrorListener& listener, Builder& builder) {
                         auto* tree = TwoStageParse(parser, tokens, listener,
                                                    &RinglineParser::cliValues);
                         if (listener.count > 0) return false;
                         for (auto* v : tree->valueSet()) out.push_back(builder.BuildValueSet(v, true));
                         return true;
                       });
  return ok && diags.ErrorCount() == errors_before;
}

bool DumpTokens(unsigned buffer_id, diag::Engine& diags, std::string& out) {
  Input in;
  if (!PrepareInput(buffer_id, diags, in)) return false;
  antlr4::ANTLRInputStream stream(in.text);
  RinglineLexer lexer(&stream);
  lexer.removeErrorListeners();
  antlr4::CommonTokenStream tokens(&lexer);
  tokens.fill();
  const antlr4::dfa::Vocabulary& vocab = lexer.getVocabulary();
  for (antlr4::Token* t : tokens.getTokens()) {
    std::string name = t->getType() == antlr4::Token::EOF
                           ? "EOF"
                           : vocab.getSymbolicName(t->getType());
    if (name.empty()) name = vocab.getLiteralName(t->getType());
    out += fmt::format("{}:{} {} `{}`\n", t->getLine(), t->getCharPositionInLine() + 1, name,
                       t->getType() == antlr4::Token::EOF ? "" : t->getText());
  }
  return true;
}

}  // namespace rl::parse
