// Branch probes by rewriting with Clang's AST (paper 001, Sec. 5). See branches.hpp.
#include "mutate/branches.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <set>
#include <stdexcept>

#include "mutate/selection.hpp"

namespace smallscope::mutate {

namespace {

using namespace clang;

// Parentheses, implicit conversions and `!` do not make a condition of their own.
const Expr* bare(const Expr* e) {
  while (true) {
    e = e->IgnoreParenImpCasts();
    if (const auto* u = dyn_cast<UnaryOperator>(e); u != nullptr && u->getOpcode() == UO_LNot) {
      e = u->getSubExpr();
      continue;
    }
    return e;
  }
}

// Whether a condition inside a template has one value in each instantiation: it reads only
// template parameters, enumerators and constexpr variables (`!Duplicates`, `Size > 4`,
// `std::is_same_v<K, int>`), through operators, literals and sizeof. Its other outcome is
// taken by no run of that instantiation, so it is no branch of the code under test.
bool constant_in_every_instantiation(const Stmt* s) {
  if (s == nullptr) return true;
  if (const auto* r = dyn_cast<DeclRefExpr>(s)) {
    const ValueDecl* d = r->getDecl();
    if (isa<NonTypeTemplateParmDecl>(d) || isa<EnumConstantDecl>(d)) return true;
    const auto* v = dyn_cast<VarDecl>(d);
    return v != nullptr && v->isConstexpr();
  }
  if (!isa<Expr>(s)) return false;
  if (!(isa<UnaryOperator>(s) || isa<BinaryOperator>(s) || isa<ConditionalOperator>(s) || isa<ParenExpr>(s) ||
        isa<ImplicitCastExpr>(s) || isa<CStyleCastExpr>(s) || isa<CXXStaticCastExpr>(s) || isa<CXXFunctionalCastExpr>(s) ||
        isa<IntegerLiteral>(s) || isa<CXXBoolLiteralExpr>(s) || isa<CharacterLiteral>(s) ||
        isa<UnaryExprOrTypeTraitExpr>(s) || isa<TypeTraitExpr>(s) || isa<SubstNonTypeTemplateParmExpr>(s) ||
        isa<ConstantExpr>(s)))
    return false;
  if (const auto* u = dyn_cast<UnaryOperator>(s);
      u != nullptr && (u->isIncrementDecrementOp() || u->getOpcode() == UO_Deref || u->getOpcode() == UO_AddrOf))
    return false;
  if (const auto* b = dyn_cast<BinaryOperator>(s); b != nullptr && b->isAssignmentOp()) return false;
  for (const Stmt* child : s->children())
    if (!constant_in_every_instantiation(child)) return false;
  return true;
}

bool is_logical(const Expr* e) {
  const auto* b = dyn_cast<BinaryOperator>(bare(e));
  return b != nullptr && b->isLogicalOp();
}

class conditions : public RecursiveASTVisitor<conditions> {
 public:
  conditions(ASTContext& ctx, const std::set<const FunctionDecl*>& selected)
      : ctx_(ctx), sm_(ctx.getSourceManager()), selected_(selected) {}

  bool TraverseFunctionDecl(FunctionDecl* f) { return within(f, [&] { return Base::TraverseFunctionDecl(f); }); }
  bool TraverseCXXMethodDecl(CXXMethodDecl* f) { return within(f, [&] { return Base::TraverseCXXMethodDecl(f); }); }
  bool TraverseLambdaExpr(LambdaExpr*) { return true; }

  bool VisitIfStmt(IfStmt* s) {
    if (s->getConditionVariable() == nullptr && !s->isConsteval()) decision(s->getCond());
    return true;
  }
  bool VisitWhileStmt(WhileStmt* s) {
    if (s->getConditionVariable() == nullptr) decision(s->getCond());
    return true;
  }
  bool VisitDoStmt(DoStmt* s) { return decision(s->getCond()), true; }
  bool VisitForStmt(ForStmt* s) {
    if (s->getCond() != nullptr && s->getConditionVariable() == nullptr) decision(s->getCond());
    return true;
  }
  bool VisitConditionalOperator(ConditionalOperator* c) { return decision(c->getCond()), true; }
  // Each operand of && and || that is not itself one.
  bool VisitBinaryOperator(BinaryOperator* b) {
    if (!b->isLogicalOp() || function_ == nullptr) return true;
    for (const Expr* side : {b->getLHS(), b->getRHS()})
      if (!is_logical(side)) leaf(side);
    return true;
  }

  struct found {
    const Expr* e;
    std::string function;
  };
  std::vector<found> leaves;

 private:
  using Base = RecursiveASTVisitor<conditions>;
  template <class F>
  bool within(FunctionDecl* f, F&& base) {
    if (selected_.count(f->getCanonicalDecl()) == 0 || !f->doesThisDeclarationHaveABody()) return base();
    const FunctionDecl* outer = function_;
    function_ = f;
    const bool ok = base();
    function_ = outer;
    return ok;
  }
  // A decision whose condition has && or || is counted by its operands.
  void decision(const Expr* cond) {
    if (function_ != nullptr && cond != nullptr && !is_logical(cond)) leaf(cond);
  }
  void leaf(const Expr* e) {
    const SourceLocation b = e->getBeginLoc(), end = e->getEndLoc();
    if (!b.isValid() || !end.isValid() || b.isMacroID() || end.isMacroID() || !sm_.isInMainFile(b)) return;
    // Inside a template the condition may depend on its parameters: one probe for the source
    // point, which every instantiation's outcomes set.
    if (!e->isValueDependent() && e->isIntegerConstantExpr(ctx_)) return;  // `while (true)`: no jump, as in bytecode
    if (e->isValueDependent() && constant_in_every_instantiation(e)) return;  // `!Duplicates`
    if (!seen_.insert(e).second) return;
    leaves.push_back({e, function_->getQualifiedNameAsString()});
  }
  ASTContext& ctx_;
  SourceManager& sm_;
  const std::set<const FunctionDecl*>& selected_;
  const FunctionDecl* function_ = nullptr;
  std::set<const Expr*> seen_;
};

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n' || c == '\t') {
      out += ' ';
      continue;
    }
    out += c;
  }
  return out + "\"";
}

}  // namespace

branch_result instrument_branches(const request& r) {
  selection chosen = select_functions(r);
  ASTContext& ctx = chosen.ast->getASTContext();
  SourceManager& sm = ctx.getSourceManager();
  const LangOptions& lang = ctx.getLangOpts();
  conditions c(ctx, chosen.selected);
  c.TraverseDecl(ctx.getTranslationUnitDecl());
  if (c.leaves.empty()) throw std::invalid_argument(r.file + ": the methods given have no condition");
  const std::string& code = chosen.code;
  struct span {
    unsigned begin, end;
    std::string function;
  };
  std::vector<span> spans;
  for (const auto& l : c.leaves) {
    const unsigned b = sm.getFileOffset(l.e->getBeginLoc());
    const unsigned e = sm.getFileOffset(Lexer::getLocForEndOfToken(l.e->getEndLoc(), 0, sm, lang));
    spans.push_back({b, e, l.function});
  }
  // Ids in source order; an outer condition before the ones inside it; one per range.
  std::sort(spans.begin(), spans.end(), [](const span& a, const span& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end > b.end;
  });
  spans.erase(std::unique(spans.begin(), spans.end(),
                          [](const span& a, const span& b) { return a.begin == b.begin && a.end == b.end; }),
              spans.end());
  branch_result out;
  for (const auto& s : spans) {
    std::string text = code.substr(s.begin, s.end - s.begin);
    unsigned line = 1, column = 1;
    for (unsigned i = 0; i < s.begin; ++i) {
      if (code[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    out.conditions.push_back({s.function, line, column, std::move(text)});
  }
  std::string tag = std::filesystem::path(r.file).stem().string();
  for (char& ch : tag)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  const std::string table = "smallscope_branches_" + tag;
  // The probes, nested conditions inside their outer one.
  std::function<std::string(unsigned, unsigned, std::size_t&)> render = [&](unsigned from, unsigned to, std::size_t& next) {
    std::string text;
    unsigned at = from;
    while (next < spans.size() && spans[next].begin < to) {
      const std::size_t id = next++;
      const span& s = spans[id];
      text += code.substr(at, s.begin - at);
      text += "::" + table + ".hit(" + std::to_string(id) + ", static_cast<bool>(" + render(s.begin, s.end, next) + "))";
      at = s.end;
    }
    return text + code.substr(at, to - at);
  };
  std::size_t next = 0;
  std::string rewritten = render(0, static_cast<unsigned>(code.size()), next);
  std::string header = "#include \"smallscope/rewritten/branches.hpp\"  // branch probes: smallscope-mutants --branches\n";
  header += "inline ::smallscope::branch_table " + table + "{" + quoted(std::filesystem::path(r.file).filename().string()) + ", {\n";
  for (const auto& b : out.conditions)
    header += "    {" + quoted(b.function) + ", " + std::to_string(b.line) + ", " + std::to_string(b.column) + ", " +
              quoted(b.text) + "},\n";
  header += "}};\n";
  insert_support_code(rewritten, header);
  out.instrumented = std::move(rewritten);
  return out;
}

}  // namespace smallscope::mutate
