// Parse phase entry points: UTF-8 validation, lexing, nesting caps, two-stage parsing
// (SLL, then full LL only when SLL fails), ANTLR errors turned into diagnostics.
#include "compiler/parse/parse.h"

#include <fmt/format.h>
#include <llvm/Support/ConvertUTF.h>

#include <deque>
#include <functional>

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

bool PrepareInput(unsigned buffer_id, diag::Engine& diags, Input& in, uint32_t skip = 0) {
  llvm::StringRef buf = diags.SourceMgr().getMemoryBuffer(buffer_id)->getBuffer();
  in.text = buf.str();
  // Skipped bytes read as spaces, so offsets stay those of the buffer.
  std::fill(in.text.begin(), in.text.begin() + std::min<size_t>(skip, in.text.size()), ' ');
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

// The input as ANTLR reads it (code points), decoded directly from the validated UTF-8:
// ANTLR's own conversions (std::wstring_convert, also on every token's getText) take
// seconds on a 10 MB spec.
class SourceStream : public antlr4::ANTLRInputStream {
 public:
  explicit SourceStream(const Input& in) : in_(in) {
    if (in.cp_to_byte.empty()) {  // ASCII
      _data.assign(in.text.begin(), in.text.end());
      return;
    }
    _data.reserve(in.text.size());
    const auto* p = reinterpret_cast<const unsigned char*>(in.text.data());
    const auto* end = p + in.text.size();
    while (p < end) {
      char32_t c = *p;
      int n = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
      if (n) c &= 0x3F >> n;
      ++p;
      for (int i = 0; i < n && p < end; ++i) c = (c << 6) | (*p++ & 0x3F);
      _data.push_back(c);
    }
    if (_data[0] == 0xFEFF) _data[0] = U' ';  // a byte-order mark is no part of the text
  }
  std::string getText(const antlr4::misc::Interval& interval) override {
    if (interval.a < 0 || interval.b < 0 || static_cast<size_t>(interval.a) >= _data.size()) return "";
    size_t a = static_cast<size_t>(interval.a);
    size_t b = std::min(static_cast<size_t>(interval.b) + 1, _data.size());
    uint32_t from = Byte(a), to = Byte(b);
    return in_.text.substr(from, to - from);
  }

 private:
  uint32_t Byte(size_t cp) const {
    if (in_.cp_to_byte.empty()) return static_cast<uint32_t>(cp);
    return in_.cp_to_byte[std::min(cp, in_.cp_to_byte.size() - 1)];
  }
  const Input& in_;
};

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
    std::string text = Reword(msg);
    if (antlr4::Token* real = tok && unfence ? unfence(tok) : tok; real != tok) {
      // The parser of one declaration saw an end of file where the next one starts.
      size_t p = text.find("`end of file`");
      if (p != std::string::npos) text.replace(p + 1, 11, real->getText());
      tok = real;
    }
    uint32_t b = 0, e = 0;
    if (tok) {
      b = Byte(tok->getStartIndex());
      e = tok->getType() == antlr4::Token::EOF ? b : Byte(tok->getStopIndex() + 1);
    }
    diags_.Report(diag::Kind::syntax_error, {buffer_, b, e}, text);
  }
  unsigned count = 0;
  // Maps the end-of-file token that fences a declaration to the token it hides.
  std::function<antlr4::Token*(antlr4::Token*)> unfence;

 private:
  uint32_t Byte(size_t cp) const {
    if (map_.empty()) return static_cast<uint32_t>(cp);
    return cp < map_.size() ? map_[cp] : map_.back();
  }
  diag::Engine& diags_;
  unsigned buffer_;
  const std::vector<uint32_t>& map_;
};

// A character no token starts with, for messages: `$`, or `é` (U+00E9), or U+0000 when
// it would print as nothing.
std::string CharDisplay(const std::string& utf8) {
  auto c = static_cast<unsigned char>(utf8.empty() ? 0 : utf8[0]);
  if (c > 0x20 && c < 0x7F) return "`" + utf8 + "`";
  char32_t cp = c;
  int n = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
  if (n) cp &= 0x3F >> n;
  for (int i = 1; i <= n && i < static_cast<int>(utf8.size()); ++i) cp = (cp << 6) | (utf8[i] & 0x3F);
  std::string code = fmt::format("U+{:04X}", static_cast<uint32_t>(cp));
  bool invisible = cp < 0xA0 || cp == 0xAD || (cp >= 0x2000 && cp <= 0x200F) || cp == 0xFEFF;
  return invisible ? code : fmt::format("`{}` ({})", utf8, code);
}

// Token classes for the nesting caps, by token type (comparing text per token would
// allocate a string for each of millions of tokens).
enum class Cls : uint8_t { Other, Decl, Open, Close, Prefix, Minus, Binary };

const std::vector<Cls>& TokenClasses(const antlr4::dfa::Vocabulary& vocab) {
  static const std::vector<Cls> table = [&] {
    std::vector<Cls> t(vocab.getMaxTokenType() + 1, Cls::Other);
    for (size_t i = 0; i < t.size(); ++i) {
      std::string s = vocab.getLiteralName(i);  // `'let'`, or empty for NUMBER, ID, ...
      if (s.size() < 2) continue;
      s = s.substr(1, s.size() - 2);
      // `fn` is a declaration only before a name (see LimitChecker::Check).
      if (s == "let" || s == "scenario" || s == "record" || s == "import" || s == "type" ||
          s == "param" || s == "report" || s == "require")
        t[i] = Cls::Decl;
      else if (s == "(" || s == "[" || s == "{") t[i] = Cls::Open;
      else if (s == ")" || s == "]" || s == "}") t[i] = Cls::Close;
      else if (s == "if" || s == "not" || s == "^") t[i] = Cls::Prefix;
      else if (s == "-") t[i] = Cls::Minus;
      else if (s == "+" || s == "*" || s == "/" || s == "and" || s == "or" || s == "." ||
               s == "%" || s == "with")
        t[i] = Cls::Binary;
    }
    return t;
  }();
  return table;
}

// Rejects input whose nesting would make the recursive parser, the AST or the checker
// recurse without bound. Counts are per top-level declaration. Tokens are checked as the
// parser's stream fetches them, ahead of the parser, so parsing stops (StopParse) before
// it can recurse past a cap; a character no token matches stops it too.
class LimitChecker {
 public:
  LimitChecker(const Limits& lim, const antlr4::dfa::Vocabulary& vocab, Builder& b,
               diag::Engine& diags)
      : lim_(lim), cls_(TokenClasses(vocab)), b_(b), diags_(diags) {
    for (size_t i = 0; i <= vocab.getMaxTokenType(); ++i) {
      if (vocab.getLiteralName(i) == "'/'") slash_ = i;
      if (vocab.getLiteralName(i) == "'*'") star_ = i;
      if (vocab.getLiteralName(i) == "'fn'") fn_ = i;
    }
  }

  // False when parsing must stop; Capped() then says whether checking stops too.
  bool Check(antlr4::Token* t) {
    size_t type = t->getType();
    if (type == antlr4::Token::EOF) return ok_;
    if (type == RinglineLexer::ERROR_CHAR) {
      // Past the error cap, one more report prints the engine's "too many errors".
      capped_ = diags_.Stopped();
      std::string text = t->getText();
      diags_.Report(diag::Kind::syntax_error, b_.Range(t),
                    text == "\"" ? "unterminated string; close it with `\"` on the same line"
                                 : "unexpected character " + CharDisplay(text));
      ok_ = false;
      return false;
    }
    if (type == star_ && prev_ == slash_ && t->getStartIndex() == prev_start_ + 1) {
      // `/*` lexes as a comment whenever a `*/` follows, so this one is never closed.
      diags_.Report(diag::Kind::syntax_error, SourceRange::Join(slash_range_, b_.Range(t)),
                    "unterminated comment; `/*` has no `*/` after it");
      ok_ = false;
      capped_ = true;
      return false;
    }
    Cls c = type < cls_.size() ? cls_[type] : Cls::Other;
    if (c == Cls::Decl) prefix_ = binary_ = tokens_ = 0;
    if (++tokens_ > lim_.max_tokens)
      return Cap(t, fmt::format("more than {} tokens in one declaration; split it with `let`", lim_.max_tokens));
    if (fn_ != 0 && prev_ == fn_) {
      // `fn NAME(` declares a function; `fn(` is a function value, which nests its body
      // like a prefix operator.
      if (type == RinglineLexer::ID)
        prefix_ = binary_ = 0;
      else if (++prefix_ > lim_.max_prefix_ops)
        return PrefixCap(t);
    }
    bool after_operand = prev_ == RinglineLexer::ID || prev_ == RinglineLexer::NUMBER ||
                         prev_ == RinglineLexer::STRING;
    // `f(x)`, `l[i]`: a call or an index nests the AST like a binary operator.
    bool postfix = c == Cls::Open && (after_operand || (prev_ < cls_.size() && cls_[prev_] == Cls::Close));
    if (c == Cls::Open) {
      if (++depth_ > lim_.max_bracket_depth)
        return Cap(t, fmt::format("brackets nested more than {} deep", lim_.max_bracket_depth));
    } else if (c == Cls::Close) {
      if (depth_ > 0) --depth_;
    }
    if ((c == Cls::Prefix || (c == Cls::Minus && !after_operand)) && ++prefix_ > lim_.max_prefix_ops)
      return PrefixCap(t);
    if ((c == Cls::Binary || c == Cls::Minus || postfix) && ++binary_ > lim_.max_binary_ops)
      return Cap(t, fmt::format("more than {} operators in one declaration; split it with `let`",
                                lim_.max_binary_ops));
    prev_ = type;
    prev_start_ = t->getStartIndex();
    if (type == slash_) slash_range_ = b_.Range(t);
    return ok_;
  }
  // After a stop: checks the rest of the input, so every bad character is reported.
  void Drain(RinglineLexer& lexer) {
    while (!capped_) {
      std::unique_ptr<antlr4::Token> t = lexer.nextToken();
      if (t->getType() == antlr4::Token::EOF) return;
      Check(t.get());
    }
  }
  bool Capped() const { return capped_; }
  unsigned Depth() const { return depth_; }  // brackets open after the last token checked

 private:
  // The count is per declaration, not of nesting: the parser's depth is what it bounds.
  bool PrefixCap(antlr4::Token* t) {
    return Cap(t, fmt::format("more than {} `if`, `not`, `^`, unary `-` or `fn(` in one declaration; "
                              "split it with `let`", lim_.max_prefix_ops));
  }
  bool Cap(antlr4::Token* t, const std::string& msg) {
    diags_.Report(diag::Kind::nesting_too_deep, b_.Range(t), msg);
    ok_ = false;
    capped_ = true;
    return false;
  }
  const Limits& lim_;
  const std::vector<Cls>& cls_;
  Builder& b_;
  diag::Engine& diags_;
  unsigned depth_ = 0, prefix_ = 0, binary_ = 0, tokens_ = 0;
  size_t prev_ = 0, prev_start_ = 0, slash_ = 0, star_ = 0, fn_ = 0;
  SourceRange slash_range_;
  bool ok_ = true, capped_ = false;
};

// Thrown out of the parser when the LimitChecker stops it.
struct StopParse {};

// The parser's token stream: checks each token as it is fetched (see LimitChecker), and
// can drop the tokens of declarations already turned into AST (BufferedTokenStream
// otherwise keeps every token, ~200 bytes each).
//
// It can also fence off one top-level declaration: tokens from the next declaration on
// (a declaration keyword outside all brackets, `fn` only before a name) read as the end of
// the file. SLL prediction follows the grammar's global FOLLOW sets, so an ambiguity that
// only a later token settles would otherwise scan ahead through every later declaration,
// quadratic time in the size of the file.
class CheckedTokenStream : public antlr4::CommonTokenStream {
 public:
  CheckedTokenStream(antlr4::TokenSource* lexer, LimitChecker& limits)
      : CommonTokenStream(lexer), limits_(limits) {}
  // Frees the tokens before `index`, except the last one (the parser reads it as LT(-1)).
  void ForgetBefore(size_t index) {
    for (; forgotten_ + 1 < index && forgotten_ < _tokens.size(); ++forgotten_)
      _tokens[forgotten_].reset();
  }
  // Records where declarations start: tokens of types `starts` outside all brackets.
  void FindDeclarations(const antlr4::misc::IntervalSet* starts, size_t fn_type) {
    starts_ = starts;
    fn_type_ = fn_type;
  }
  // Fences off the declaration that starts at token `start`; Unfence() lifts the fence.
  void FenceAfter(size_t start) {
    start_ = start;
    while (!boundaries_.empty() && boundaries_.front() <= start) boundaries_.pop_front();
    fence_ = boundaries_.empty() ? kNone : boundaries_.front();
  }
  void Unfence() { start_ = fence_ = kNone; }
  // The token a fence's end of file stands for; `t` itself for any other token.
  antlr4::Token* Unfenced(antlr4::Token* t) const {
    return t == &fence_eof_ && fence_ != kNone ? _tokens[fence_].get() : t;
  }
  antlr4::Token* LT(ssize_t k) override {
    antlr4::Token* t = CommonTokenStream::LT(k);
    if (k <= 0 || !t || t->getTokenIndex() < fence_) return t;
    antlr4::Token* real = _tokens[fence_].get();
    fence_eof_.setType(antlr4::Token::EOF);
    fence_eof_.setTokenIndex(fence_);
    fence_eof_.setStartIndex(real->getStartIndex());
    fence_eof_.setStopIndex(real->getStartIndex() - 1);
    fence_eof_.setLine(real->getLine());
    fence_eof_.setCharPositionInLine(real->getCharPositionInLine());
    return &fence_eof_;
  }

 protected:
  size_t fetch(size_t n) override {
    size_t from = _tokens.size();
    size_t got = CommonTokenStream::fetch(n);
    bool stop = false;
    for (size_t i = from; i < _tokens.size() && !limits_.Capped(); ++i) {
      stop |= !limits_.Check(_tokens[i].get());
      if (starts_) Note(i);
    }
    if (stop) throw StopParse{};
    // A declaration's `fn` is told from a function value's by the token after it.
    if (pending_fn_ != kNone && pending_fn_ + 1 == _tokens.size()) got += fetch(1);
    return got;
  }

 private:
  static constexpr size_t kNone = static_cast<size_t>(-1);
  void Note(size_t i) {
    size_t type = _tokens[i]->getType();
    if (pending_fn_ != kNone && pending_fn_ + 1 == i) {
      if (type == RinglineLexer::ID) Boundary(pending_fn_);
      pending_fn_ = kNone;
    }
    if (limits_.Depth() != 0 || !starts_->contains(type)) return;
    if (type == fn_type_)
      pending_fn_ = i;
    else
      Boundary(i);
  }
  void Boundary(size_t i) {
    if (start_ != kNone && i > start_ && fence_ == kNone)
      fence_ = i;
    else
      boundaries_.push_back(i);
  }
  LimitChecker& limits_;
  size_t forgotten_ = 0;
  const antlr4::misc::IntervalSet* starts_ = nullptr;
  size_t fn_type_ = 0, pending_fn_ = kNone;
  std::deque<size_t> boundaries_;  // declaration starts fetched and not fenced yet
  size_t start_ = kNone, fence_ = kNone;
  antlr4::CommonToken fence_eof_{antlr4::Token::EOF};
};

// Configures `parser` for one of the two stages below: SLL prediction that bails out on
// the first error, or full LL with error recovery and reporting.
void SetStage(RinglineParser& parser, bool sll, ErrorListener& listener,
              std::shared_ptr<antlr4::ANTLRErrorStrategy> handler) {
  parser.removeErrorListeners();
  if (!sll) parser.addErrorListener(&listener);
  parser.setErrorHandler(std::move(handler));
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      sll ? antlr4::atn::PredictionMode::SLL : antlr4::atn::PredictionMode::LL);
}

// Runs `rule` with SLL prediction and falls back to full LL only on a syntax error, the
// standard two-stage strategy (SLL is much faster and almost always enough).
template <class Ctx>
Ctx* TwoStageParse(RinglineParser& parser, antlr4::CommonTokenStream& tokens,
                   ErrorListener& listener, Ctx* (RinglineParser::*rule)()) {
  SetStage(parser, true, listener, std::make_shared<antlr4::BailErrorStrategy>());
  try {
    return (parser.*rule)();
  } catch (antlr4::ParseCancellationException&) {
  }
  tokens.seek(0);
  parser.reset();
  SetStage(parser, false, listener, std::make_shared<antlr4::DefaultErrorStrategy>());
  return (parser.*rule)();
}

// Error recovery inside one declaration parsed on its own: resynchronizes at the tokens
// that may follow it in `module_` (the next declaration or the end), as it would there.
class ItemErrorStrategy : public antlr4::DefaultErrorStrategy {
 public:
  explicit ItemErrorStrategy(antlr4::misc::IntervalSet follow) : follow_(std::move(follow)) {}

 protected:
  antlr4::misc::IntervalSet getErrorRecoverySet(antlr4::Parser* p) override {
    antlr4::misc::IntervalSet s = DefaultErrorStrategy::getErrorRecoverySet(p);
    s.addAll(follow_);
    return s;
  }

 private:
  antlr4::misc::IntervalSet follow_;
};

std::string TokenDisplay(antlr4::Token* t) {
  std::string out = "'";
  for (char c : t->getText()) out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : std::string(1, c);
  return out + "'";
}

// The ATN state from which `module_` calls `item`.
size_t ItemCallState(const antlr4::atn::ATN& atn) {
  for (antlr4::atn::ATNState* s : atn.states)
    if (s && s->ruleIndex == RinglineParser::RuleModule_)
      for (antlr4::atn::Transition* t : s->transitions)
        if (t->getSerializationType() == antlr4::atn::Transition::RULE &&
            t->target == atn.ruleToStartState[RinglineParser::RuleItem])
          return s->stateNumber;
  return antlr4::atn::ATNState::INVALID_STATE_NUMBER;
}

// module_ : item* EOF ;
// Parsed one item at a time, two-stage each, and each item's parse tree and tokens freed
// once its AST is built: memory then grows with the AST only, and a 10 MB spec parses in
// a few seconds. Top-level junk is reported and skipped as the `item*` loop would.
bool ParseItems(RinglineParser& parser, CheckedTokenStream& tokens, ErrorListener& listener,
                Builder& builder, diag::Engine& diags) {
  const antlr4::atn::ATN& atn = parser.getATN();
  const antlr4::misc::IntervalSet& starts =
      atn.nextTokens(atn.ruleToStartState[RinglineParser::RuleItem]);
  antlr4::misc::IntervalSet at_top = starts;
  at_top.add(antlr4::Token::EOF);
  auto bail = std::make_shared<antlr4::BailErrorStrategy>();
  auto recover = std::make_shared<ItemErrorStrategy>(at_top);
  // Each item is parsed inside a `module_` context, entered as `module_` would call
  // `item`, so full-LL prediction sees what may follow a declaration (the next one or
  // the end) and reports a dangling `1 +` at the next `let`, as a whole-module parse does.
  size_t call_state = ItemCallState(atn);
  auto parse_item = [&] {
    auto* top = parser.getTreeTracker().createInstance<RinglineParser::Module_Context>(
        nullptr, antlr4::atn::ATNState::INVALID_STATE_NUMBER);
    parser.enterRule(top, call_state, RinglineParser::RuleModule_);
    return parser.item();
  };
  SetStage(parser, true, listener, bail);
  size_t fn_type = 0;
  for (size_t i = 0; i <= parser.getVocabulary().getMaxTokenType(); ++i)
    if (parser.getVocabulary().getLiteralName(i) == "'fn'") fn_type = i;
  tokens.FindDeclarations(&starts, fn_type);
  listener.unfence = [&](antlr4::Token* t) { return tokens.Unfenced(t); };
  while (!diags.Stopped()) {
    tokens.Unfence();
    size_t la = tokens.LA(1);
    if (la == antlr4::Token::EOF) break;
    if (!starts.contains(la)) {
      listener.syntaxError(&parser, tokens.LT(1), 0, 0,
                           Reword("extraneous input " + TokenDisplay(tokens.LT(1)) + " expecting " +
                                  at_top.toString(parser.getVocabulary())),
                           nullptr);
      while (tokens.LA(1) != antlr4::Token::EOF && !starts.contains(tokens.LA(1))) tokens.consume();
      continue;
    }
    size_t start = tokens.index();
    tokens.FenceAfter(start);
    RinglineParser::ItemContext* item = nullptr;
    try {
      item = parse_item();
    } catch (antlr4::ParseCancellationException&) {
      parser.setTokenStream(&tokens);  // resets the parser without rewinding the stream
      tokens.seek(start);
      SetStage(parser, false, listener, recover);
      item = parse_item();
      SetStage(parser, true, listener, bail);
    }
    if (listener.count == 0) builder.BuildItem(item);
    parser.getTreeTracker().reset();
    tokens.ForgetBefore(tokens.index());
  }
  return listener.count == 0;
}

// Lexes the buffer and runs `fn` on a parser over its tokens, checked for the nesting caps.
template <class Fn>
bool WithParser(unsigned buffer_id, diag::Engine& diags, const Limits& limits, ast::Module& m,
                Fn&& fn, uint32_t skip = 0) {
  Input in;
  if (!PrepareInput(buffer_id, diags, in, skip)) return false;
  try {
    SourceStream stream(in);
    RinglineLexer lexer(&stream);
    lexer.removeErrorListeners();
    Builder builder(m, buffer_id, in.cp_to_byte, diags);
    LimitChecker checker(limits, lexer.getVocabulary(), builder, diags);
    CheckedTokenStream tokens(&lexer, checker);
    RinglineParser parser(&tokens);
    ErrorListener listener(diags, buffer_id, in.cp_to_byte);
    try {
      return fn(parser, tokens, listener, builder);
    } catch (StopParse&) {
      checker.Drain(lexer);
      return false;
    }
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
  bool ok = WithParser(
      buffer_id, diags, limits, *m,
      [&](RinglineParser& parser, CheckedTokenStream& tokens, ErrorListener& listener,
          Builder& builder) { return ParseItems(parser, tokens, listener, builder, diags); });
  if (!ok) return nullptr;  // unknown units and the like leave a poisoned but usable AST
  return m;
}

bool ParseCliValues(unsigned buffer_id, diag::Engine& diags, ast::Module& arena,
                    std::vector<ast::ValueSet>& out, uint32_t skip) {
  unsigned errors_before = diags.ErrorCount();
  bool ok = WithParser(buffer_id, diags, Limits{}, arena,
                       [&](RinglineParser& parser, CheckedTokenStream& tokens,
                           ErrorListener& listener, Builder& builder) {
                         auto* tree = TwoStageParse(parser, tokens, listener,
                                                    &RinglineParser::cliValues);
                         if (listener.count > 0) return false;
                         for (auto* v : tree->valueSet()) out.push_back(builder.BuildValueSet(v, true));
                         return true;
                       },
                       skip);
  return ok && diags.ErrorCount() == errors_before;
}

bool DumpTokens(unsigned buffer_id, diag::Engine& diags, std::string& out) {
  Input in;
  if (!PrepareInput(buffer_id, diags, in)) return false;
  SourceStream stream(in);
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
