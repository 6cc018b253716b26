// Ferastrau's mutation operators on Clang's AST, and mutant schemata by rewriting (paper 000,
// Sec. 7). See mutants.hpp.
#include "mutate/mutants.hpp"
#include "mutants/mutant_list.hpp"
#include "mutate/selection.hpp"

#include "clang_front/parse.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Lex/Lexer.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace smallscope::mutate {

namespace {

using namespace clang;

// The name of the file's id base while its schemata are written (mutation.hpp's
// register_schemata): every id a guard names is `(base + id)`.
std::string id_base_name;

std::string id_text(std::uint64_t id) { return "(" + id_base_name + " + " + std::to_string(id) + ")"; }

// One mutation point: an expression and its alternatives (each a mutant).
struct point {
  const Stmt* node = nullptr;
  SourceRange range;
  SourceLocation at;  // where a person looks: the operator, the name
  std::string family, mutator, function;
  std::vector<std::string> alternatives;  // how each mutant writes the changed token
  std::string original_token;             // the token it changes
  SourceRange token;                      // that token's range
  // Builds the guarded source from the rewritten texts of the parts, given the first id.
  std::function<std::string(std::uint32_t first)> guard;
};

// The source of a range with the mutation points inside it replaced by their guards.
using renderer = std::function<std::string(SourceRange)>;

const char* op_name(BinaryOperatorKind k) {
  switch (k) {
    case BO_Add: return "add";
    case BO_Sub: return "sub";
    case BO_Mul: return "mul";
    case BO_Div: return "div";
    case BO_Rem: return "rem";
    case BO_LT: return "lt";
    case BO_LE: return "le";
    case BO_GT: return "gt";
    case BO_GE: return "ge";
    case BO_EQ: return "eq";
    case BO_NE: return "ne";
    case BO_AddAssign: return "add_assign";
    case BO_SubAssign: return "sub_assign";
    case BO_MulAssign: return "mul_assign";
    case BO_DivAssign: return "div_assign";
    case BO_RemAssign: return "rem_assign";
    default: return "";
  }
}

class collector : public RecursiveASTVisitor<collector> {
 public:
  collector(ASTContext& ctx, const std::set<const FunctionDecl*>& selected, std::vector<point>& out)
      : ctx_(ctx), sm_(ctx.getSourceManager()), selected_(selected), out_(out) {}

  bool TraverseFunctionDecl(FunctionDecl* f) { return traverse_function(f, [&] { return Base::TraverseFunctionDecl(f); }); }
  bool TraverseCXXMethodDecl(CXXMethodDecl* f) {
    return traverse_function(f, [&] { return Base::TraverseCXXMethodDecl(f); });
  }
  bool TraverseCompoundStmt(CompoundStmt* s) { return scoped([&] { return Base::TraverseCompoundStmt(s); }); }
  // Statements whose own declarations (init statements, conditions, loop variables) end with them.
  bool TraverseForStmt(ForStmt* s) { return scoped([&] { return Base::TraverseForStmt(s); }); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt* s) { return scoped([&] { return Base::TraverseCXXForRangeStmt(s); }); }
  bool TraverseIfStmt(IfStmt* s) { return scoped([&] { return Base::TraverseIfStmt(s); }); }
  bool TraverseWhileStmt(WhileStmt* s) { return scoped([&] { return Base::TraverseWhileStmt(s); }); }
  bool TraverseSwitchStmt(SwitchStmt* s) { return scoped([&] { return Base::TraverseSwitchStmt(s); }); }
  bool TraverseCXXCatchStmt(CXXCatchStmt* s) { return scoped([&] { return Base::TraverseCXXCatchStmt(s); }); }
  bool TraverseLambdaExpr(LambdaExpr*) { return true; }  // lambdas are left alone
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr*) { return true; }  // sizeof: unevaluated
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc) { return true; }

  // A local is in scope after its declaration, initializer included (`int c = a;` never reads c).
  bool TraverseVarDecl(VarDecl* v) {
    // A scalar local declared without an initializer is value-initialized in the schemata: a
    // mutant that skips its assignment then reads null or 0, not an indeterminate value (Java's
    // definite assignment would reject such a mutant). Nothing changes for the original, which
    // assigns before it reads.
    if (function_ != nullptr && v->isLocalVarDeclOrParm() && !isa<ParmVarDecl>(v) && !v->hasInit() &&
        v->getType()->isScalarType() && v->getLocation().isValid() && !v->getLocation().isMacroID() &&
        sm_.isInMainFile(v->getLocation())) {
      point p;
      p.range = p.token = SourceRange(v->getLocation(), v->getLocation());
      p.at = v->getLocation();
      p.function = function_->getQualifiedNameAsString();
      p.guard = [name = v->getNameAsString()](std::uint32_t) { return name + "{}"; };
      out_.push_back(std::move(p));
    }
    const bool ok = Base::TraverseVarDecl(v);
    if (function_ != nullptr && !scopes_.empty() && v->isLocalVarDeclOrParm() && !isa<ParmVarDecl>(v))
      scopes_.back().push_back(v);
    return ok;
  }

  bool VisitBinaryOperator(BinaryOperator* b) {
    if (!here(b)) return true;
    const BinaryOperatorKind k = b->getOpcode();
    const QualType lt = b->getLHS()->getType(), rt = b->getRHS()->getType();
    std::vector<BinaryOperatorKind> family;
    std::string mutator;
    // Inside a template an operand's type may be a template parameter's: the point gets every
    // alternative, and an instantiation whose types lack one runs the original there
    // (mutation.hpp: applicable).
    const bool dependent = lt->isDependentType() || rt->isDependentType();
    if (b->isAdditiveOp() || b->isMultiplicativeOp()) {
      if (!dependent && (!lt->isArithmeticType() || !rt->isArithmeticType())) return true;
      family = {BO_Add, BO_Sub, BO_Mul, BO_Div};
      if (dependent || (lt->isIntegerType() && rt->isIntegerType())) family.push_back(BO_Rem);
      mutator = "arithmetic";
    } else if (b->isRelationalOp()) {
      family = {BO_LT, BO_LE, BO_GT, BO_GE};
      mutator = "relational";
    } else if (b->isEqualityOp()) {
      family = {BO_EQ, BO_NE};
      mutator = "equality";
    } else if (b->isLogicalOp()) {
      family = {BO_LAnd, BO_LOr};
      mutator = "logical";
    } else if (b->isCompoundAssignmentOp()) {
      if (k == BO_ShlAssign || k == BO_ShrAssign || k == BO_AndAssign || k == BO_OrAssign || k == BO_XorAssign) return true;
      if (lt->isPointerType()) family = {BO_AddAssign, BO_SubAssign};
      else if (dependent || (lt->isArithmeticType() && rt->isArithmeticType())) {
        family = {BO_AddAssign, BO_SubAssign, BO_MulAssign, BO_DivAssign};
        if (dependent || (lt->isIntegerType() && rt->isIntegerType())) family.push_back(BO_RemAssign);
      } else {
        return true;
      }
      mutator = "compound assignment";
    } else {
      return true;
    }
    if (refers_to_bit_field(b->getLHS()) || refers_to_bit_field(b->getRHS())) return true;
    point p = make(b, b->getOperatorLoc(), "operator", mutator);
    p.original_token = BinaryOperator::getOpcodeStr(k).str();
    p.token = SourceRange(b->getOperatorLoc(), b->getOperatorLoc());
    std::vector<BinaryOperatorKind> alternatives;
    for (auto o : family) {
      if (o == k) continue;
      alternatives.push_back(o);
      p.alternatives.push_back(BinaryOperator::getOpcodeStr(o).str());
    }
    const Expr* lhs = b->getLHS();
    const Expr* rhs = b->getRHS();
    if (b->isLogicalOp()) {
      p.guard = [this, k, lhs, rhs](std::uint32_t first) {
        return "smallscope::mutation::logical<smallscope::mutation::op::" + std::string(k == BO_LAnd ? "land" : "lor") +
               ">(" + id_text(first) + ", " + operand(lhs) + ", [&]() -> bool { return (" +
               render_(rhs->getSourceRange()) + "); })";
      };
    } else {
      p.guard = [this, k, alternatives, lhs, rhs](std::uint32_t first) {
        std::string ops = std::string("smallscope::mutation::op::") + op_name(k);
        for (auto o : alternatives) ops += std::string(", smallscope::mutation::op::") + op_name(o);
        return "smallscope::mutation::binary<" + ops + ">(" + id_text(first) + ", " + operand(lhs) + ", " +
               operand(rhs) + ")";
      };
    }
    out_.push_back(std::move(p));
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator* u) {
    if (!here(u) || !u->isIncrementDecrementOp() || refers_to_bit_field(u->getSubExpr())) return true;
    const QualType t = u->getSubExpr()->getType();
    if (!t->isScalarType() && !t->isDependentType()) return true;
    add_step(u, u->getOpcode() == UO_PreInc || u->getOpcode() == UO_PostInc, u->isPrefix(), u->getOperatorLoc(),
             u->getSubExpr());
    return true;
  }

  // ++, --, += and -= of a class (smallscope::field<T>) that also has the swapped operator.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr* c) {
    if (!here(c)) return true;
    const OverloadedOperatorKind k = c->getOperator();
    const auto* method = dyn_cast_or_null<CXXMethodDecl>(c->getDirectCallee());
    if (method == nullptr) return true;
    const CXXRecordDecl* record = method->getParent();
    auto has = [&](OverloadedOperatorKind o) {
      return !record->lookup(ctx_.DeclarationNames.getCXXOperatorName(o)).empty();
    };
    if ((k == OO_PlusPlus && has(OO_MinusMinus)) || (k == OO_MinusMinus && has(OO_PlusPlus))) {
      const bool prefix = c->getNumArgs() == 1;
      add_step(c, k == OO_PlusPlus, prefix, c->getOperatorLoc(), c->getArg(0));
    } else if ((k == OO_PlusEqual && has(OO_MinusEqual)) || (k == OO_MinusEqual && has(OO_PlusEqual))) {
      point p = make(c, c->getOperatorLoc(), "operator", "compound assignment");
      p.original_token = k == OO_PlusEqual ? "+=" : "-=";
      p.token = SourceRange(c->getOperatorLoc(), c->getOperatorLoc());
      p.alternatives = {k == OO_PlusEqual ? "-=" : "+="};
      const Expr* lhs = c->getArg(0);
      const Expr* rhs = c->getArg(1);
      p.guard = [this, k, lhs, rhs](std::uint32_t first) {
        const std::string o = k == OO_PlusEqual ? "add_assign" : "sub_assign";
        const std::string a = k == OO_PlusEqual ? "sub_assign" : "add_assign";
        return "smallscope::mutation::binary<smallscope::mutation::op::" + o + ", smallscope::mutation::op::" + a + ">(" +
               id_text(first) + ", " + render_(lhs->getSourceRange()) + ", " + operand(rhs) + ")";
      };
      out_.push_back(std::move(p));
    }
    return true;
  }

  // A local or parameter replaced by another of its type declared before it in scope.
  bool VisitDeclRefExpr(DeclRefExpr* d) {
    if (!here(d)) return true;
    const auto* v = dyn_cast<VarDecl>(d->getDecl());
    if (v == nullptr || !v->isLocalVarDeclOrParm() || d->refersToEnclosingVariableOrCapture()) return true;
    if (d->getLocation() == v->getLocation()) return true;  // `if (T x = ...)`: the condition's implicit use
    const QualType type = v->getType().getNonReferenceType().getCanonicalType();
    std::vector<std::string> names;
    std::set<std::string> seen{v->getNameAsString()};
    for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s) {
      for (auto it = s->rbegin(); it != s->rend(); ++it) {
        const VarDecl* other = *it;
        if (other == v || other->getName().empty()) continue;
        if (other->getType().getNonReferenceType().getCanonicalType() != type) continue;
        if (!seen.insert(other->getNameAsString()).second) continue;  // shadowed
        names.push_back(other->getNameAsString());
      }
    }
    if (names.empty()) return true;
    std::sort(names.begin(), names.end());
    point p = make(d, d->getLocation(), "variable", "variable");
    p.original_token = v->getNameAsString();
    p.token = SourceRange(d->getLocation(), d->getLocation());
    p.alternatives = names;
    const std::string original = p.original_token;
    // In a template a type may be the instantiation's (`auto`, a parameter's): the variables may
    // differ in type there, and the helper picks an alternative only where its type is the same.
    if (type->isDependentType() || type->isUndeducedType()) {
      p.guard = [names, original](std::uint32_t first) {
        std::string s = "smallscope::mutation::variable(" + id_text(first) + ", " + original;
        for (const auto& n : names) s += ", " + n;
        return s + ")";
      };
      out_.push_back(std::move(p));
      return true;
    }
    p.guard = [names, original](std::uint32_t first) {
      // The first test notes that the point is reached.
      std::string s = "(";
      for (std::size_t i = 0; i < names.size(); ++i)
        s += std::string(i == 0 ? "smallscope::mutation::at(" + id_text(first) + ")" : "smallscope::mutation::active") +
             " == " + id_text(first + i) + " ? " + names[i] + " : ";
      return s + original + ")";
    };
    out_.push_back(std::move(p));
    return true;
  }

  // A field replaced by another field of its class with the same type; a method call by a call
  // of another method of the class with the same type.
  bool VisitMemberExpr(MemberExpr* m) {
    if (!here(m)) return true;
    if (const auto* f = dyn_cast<FieldDecl>(m->getMemberDecl())) {
      if (f->isBitField() || called_.count(m) != 0) return true;
      const auto* record = dyn_cast<CXXRecordDecl>(f->getParent());
      if (record == nullptr || record->isLambda()) return true;
      std::vector<std::string> names;
      for (const FieldDecl* g : record->fields()) {
        if (g == f || g->isBitField() || g->getName().empty() || !accessible(g, record)) continue;
        if (g->getType().getCanonicalType() == f->getType().getCanonicalType()) names.push_back(g->getNameAsString());
      }
      if (names.empty()) return true;
      add_member(m, "field", "field", class_name(record), f->getNameAsString(), names, "");
      return true;
    }
    return true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr* c) {
    if (!here(c)) return true;
    const auto* callee = dyn_cast_or_null<MemberExpr>(c->getCallee()->IgnoreParens());
    const CXXMethodDecl* m = c->getMethodDecl();
    if (callee == nullptr || m == nullptr || ordinary_method(m) == false) return true;
    called_.insert(callee);
    const CXXRecordDecl* record = m->getParent();
    std::vector<std::string> names;
    for (const CXXMethodDecl* other : record->methods()) {
      if (other == m || !ordinary_method(other) || other->getName() == m->getName() || !accessible(other, record)) continue;
      if (ctx_.hasSameType(other->getType(), m->getType()) && other->isStatic() == m->isStatic()) names.push_back(other->getNameAsString());
    }
    if (names.empty()) return true;
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    const QualType pointer = ctx_.getMemberPointerType(m->getType(), ctx_.getRecordType(record).getTypePtr());
    PrintingPolicy policy(ctx_.getLangOpts());
    policy.FullyQualifiedName = true;
    policy.SuppressScope = false;
    add_member(callee, "call", "method", class_name(record), m->getNameAsString(), names, pointer.getAsString(policy));
    return true;
  }

  void set_renderer(renderer r) { render_ = std::move(r); }

 private:
  using Base = RecursiveASTVisitor<collector>;

  template <class F>
  bool traverse_function(FunctionDecl* f, F&& base) {
    if (selected_.count(f->getCanonicalDecl()) == 0 || !f->doesThisDeclarationHaveABody()) return base();
    const FunctionDecl* outer = function_;
    auto outer_scopes = std::move(scopes_);
    function_ = f;
    scopes_.clear();
    scopes_.emplace_back();
    for (const ParmVarDecl* p : f->parameters()) scopes_.back().push_back(p);
    const bool ok = base();
    function_ = outer;
    scopes_ = std::move(outer_scopes);
    return ok;
  }

  template <class F>
  bool scoped(F&& base) {
    if (function_ == nullptr) return base();
    scopes_.emplace_back();
    const bool ok = base();
    scopes_.pop_back();
    return ok;
  }

  // The class as code names it, template arguments included (smallscope::tracked::array<int>).
  std::string class_name(const CXXRecordDecl* record) const {
    PrintingPolicy policy(ctx_.getLangOpts());
    policy.FullyQualifiedName = true;
    policy.SuppressScope = false;
    policy.SuppressTagKeyword = true;
    return ctx_.getRecordType(record).getAsString(policy);
  }

  // Whether the mutated function may name member `d` of `record`: a public member, or any
  // member of the function's own class (friends and bases are not considered).
  bool accessible(const Decl* d, const CXXRecordDecl* record) const {
    if (d->getAccess() == AS_public || d->getAccess() == AS_none) return true;
    const auto* method = dyn_cast<CXXMethodDecl>(function_);
    return method != nullptr && method->getParent()->getCanonicalDecl() == record->getCanonicalDecl();
  }

  bool ordinary_method(const CXXMethodDecl* m) const {
    return !isa<CXXConstructorDecl>(m) && !isa<CXXDestructorDecl>(m) && !isa<CXXConversionDecl>(m) &&
           !m->isOverloadedOperator() && m->getIdentifier() != nullptr && !m->isImplicit();
  }

  // In a mutated function, written in the main file, not in a macro.
  bool here(const Stmt* s) const {
    if (function_ == nullptr) return false;
    const SourceLocation b = s->getBeginLoc(), e = s->getEndLoc();
    return b.isValid() && e.isValid() && !b.isMacroID() && !e.isMacroID() && sm_.isInMainFile(b);
  }

  static bool refers_to_bit_field(const Expr* e) { return e->IgnoreParenImpCasts()->refersToBitField(); }

  point make(const Stmt* s, SourceLocation at, std::string family, std::string mutator) {
    point p;
    p.node = s;
    p.range = s->getSourceRange();
    p.at = at;
    p.family = std::move(family);
    p.mutator = std::move(mutator);
    p.function = function_->getQualifiedNameAsString();
    return p;
  }

  void add_step(const Expr* e, bool increment, bool prefix, SourceLocation op, const Expr* operand) {
    point p = make(e, op, "operator", "increment");
    p.original_token = increment ? "++" : "--";
    p.token = SourceRange(op, op);
    p.alternatives = {increment ? "--" : "++"};
    const std::string o = std::string(prefix ? "pre_" : "post_") + (increment ? "inc" : "dec");
    p.guard = [this, o, operand](std::uint32_t first) {
      return "smallscope::mutation::step<smallscope::mutation::op::" + o + ">(" + id_text(first) + ", " +
             render_(operand->getSourceRange()) + ")";
    };
    out_.push_back(std::move(p));
  }

  // A field access or a method callee `base.f`, `base->f`, `f` (this): the member is chosen
  // through a member pointer, so the base is evaluated once.
  void add_member(const MemberExpr* m, std::string family, std::string mutator, const std::string& record,
                  const std::string& name, const std::vector<std::string>& names, const std::string& pointer_type) {
    point p = make(m, m->getMemberLoc(), std::move(family), std::move(mutator));
    p.original_token = name;
    p.token = SourceRange(m->getMemberLoc(), m->getMemberLoc());
    p.alternatives = names;
    const Expr* base = m->getBase();
    // `f->x` with f a class with operator-> (smallscope::field<T*>): the base Clang records is the
    // call of operator->, whose text ends with the arrow; pointer() makes that call itself.
    if (const auto* call = dyn_cast<CXXOperatorCallExpr>(base->IgnoreImplicit()); call != nullptr && call->getOperator() == OO_Arrow)
      base = call->getArg(0);
    const bool implicit = m->isImplicitAccess() || isa<CXXThisExpr>(base->IgnoreParenImpCasts());
    const bool arrow = m->isArrow();
    p.guard = [this, base, implicit, arrow, record, name, names, pointer_type](std::uint32_t first) {
      auto member = [&](const std::string& n) {
        const std::string address = "&" + record + "::" + n;
        return pointer_type.empty() ? address : "static_cast<" + pointer_type + ">(" + address + ")";
      };
      std::string choice = "smallscope::mutation::choose(" + id_text(first) + ", " + member(name);
      for (const auto& n : names) choice += ", " + member(n);
      choice += ")";
      if (implicit) return "(this->*" + choice + ")";
      const std::string b = render_(base->getSourceRange());
      if (arrow) return "(smallscope::mutation::pointer(" + b + ")->*" + choice + ")";
      return "((" + b + ").*" + choice + ")";
    };
    out_.push_back(std::move(p));
  }

  ASTContext& ctx_;
  SourceManager& sm_;
  const std::set<const FunctionDecl*>& selected_;
  std::vector<point>& out_;
  renderer render_;

  // An operand as the schemata pass it: in parentheses, and by value when it names a static
  // constant member of integral or enumeration type, which its class may declare without a
  // definition elsewhere (valid while nothing odr-uses it; a reference parameter would).
  std::string operand(const Expr* e) const {
    const std::string text = "(" + render_(e->getSourceRange()) + ")";
    const ValueDecl* named = nullptr;
    if (const auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts())) named = ref->getDecl();
    if (const auto* member = dyn_cast<MemberExpr>(e->IgnoreParenImpCasts())) named = member->getMemberDecl();
    if (const auto* v = dyn_cast_or_null<VarDecl>(named);
        v != nullptr && v->isStaticDataMember() && v->getType().isConstQualified() &&
        v->getType()->isIntegralOrEnumerationType())
      return "smallscope::mutation::value" + text;
    return text;
  }
  const FunctionDecl* function_ = nullptr;
  std::vector<std::vector<const VarDecl*>> scopes_;
  std::set<const MemberExpr*> called_;  // callees of method calls: not fields
};

}  // namespace

namespace {

// The offset just past a classic include guard's `#ifndef NAME` / `#define NAME` lines when the
// file opens with one (after comments and blank lines), else npos.
std::size_t after_include_guard(const std::string& code) {
  std::size_t at = 0;
  const auto skip_blank_and_comments = [&] {
    while (at < code.size()) {
      if (std::isspace(static_cast<unsigned char>(code[at])) != 0) {
        ++at;
      } else if (code.compare(at, 2, "//") == 0) {
        at = code.find('\n', at);
        if (at == std::string::npos) at = code.size();
      } else if (code.compare(at, 2, "/*") == 0) {
        const auto end = code.find("*/", at + 2);
        at = end == std::string::npos ? code.size() : end + 2;
      } else {
        return;
      }
    }
  };
  // `#  directive  word` at `at`: the word, with `at` past the line.
  const auto directive = [&](const char* name) -> std::string {
    std::size_t p = at;
    if (p >= code.size() || code[p] != '#') return {};
    ++p;
    while (p < code.size() && (code[p] == ' ' || code[p] == '\t')) ++p;
    const std::string n = name;
    if (code.compare(p, n.size(), n) != 0) return {};
    p += n.size();
    if (p >= code.size() || (code[p] != ' ' && code[p] != '\t')) return {};
    while (p < code.size() && (code[p] == ' ' || code[p] == '\t')) ++p;
    std::size_t e = p;
    while (e < code.size() && (std::isalnum(static_cast<unsigned char>(code[e])) != 0 || code[e] == '_')) ++e;
    const std::string word = code.substr(p, e - p);
    const auto line_end = code.find('\n', e);
    at = line_end == std::string::npos ? code.size() : line_end + 1;
    return word;
  };
  skip_blank_and_comments();
  const std::string guard = directive("ifndef");
  if (guard.empty()) return std::string::npos;
  skip_blank_and_comments();
  return directive("define") == guard ? at : std::string::npos;
}

}  // namespace

void insert_support_code(std::string& rewritten, const std::string& support) {
  // Inside the file's include guard, so that a header included twice (directly and through a
  // sibling) defines the support code once.
  if (const auto guarded = after_include_guard(rewritten); guarded != std::string::npos) {
    rewritten.insert(guarded, support);
    return;
  }
  const auto pragma = rewritten.find("#pragma once");
  if (pragma == std::string::npos) {
    rewritten.insert(0, support);
    return;
  }
  const auto end = rewritten.find('\n', pragma);
  rewritten.insert(end == std::string::npos ? rewritten.size() : end + 1, support);
}

result generate(const request& r) {
  selection chosen = select_functions(r);
  const std::string& code = chosen.code;
  ASTContext& ctx = chosen.ast->getASTContext();
  SourceManager& sm = ctx.getSourceManager();
  std::set<const FunctionDecl*>& selected = chosen.selected;
  result out;
  out.extents = chosen.extents;
  // Guards read a variable: no mutant in a function that constant expressions may call.
  std::erase_if(selected, [](const FunctionDecl* f) { return f->isConstexpr(); });

  std::vector<point> points;
  collector c(ctx, selected, points);
  c.TraverseDecl(ctx.getTranslationUnitDecl());

  // Offsets in the file: [begin, end) of each point's text.
  const LangOptions& lang = ctx.getLangOpts();
  auto begin_of = [&](SourceRange range) { return sm.getFileOffset(range.getBegin()); };
  auto end_of = [&](SourceRange range) {
    return sm.getFileOffset(Lexer::getLocForEndOfToken(range.getEnd(), 0, sm, lang));
  };
  // Ids in source order (where a person looks); one point per range.
  std::sort(points.begin(), points.end(), [&](const point& a, const point& b) {
    return sm.isBeforeInTranslationUnit(a.at, b.at);
  });
  {
    std::set<std::pair<unsigned, unsigned>> ranges;
    std::vector<point> unique;
    for (auto& p : points)
      if (ranges.insert({begin_of(p.range), end_of(p.range)}).second) unique.push_back(std::move(p));
    points = std::move(unique);
  }
  out.source = code;
  std::vector<std::uint32_t> first(points.size());
  std::uint32_t next = 1;
  for (std::size_t i = 0; i < points.size(); ++i) {
    first[i] = next;
    const point& p = points[i];
    const unsigned begin = begin_of(p.range);
    const std::string original = code.substr(begin, end_of(p.range) - begin);
    const unsigned token_begin = sm.getFileOffset(p.token.getBegin()) - begin;
    const unsigned token_length = Lexer::MeasureTokenLength(p.token.getBegin(), sm, lang);
    for (const auto& alternative : p.alternatives) {
      mutant m;
      m.id = next++;
      m.point = first[i];
      m.file = r.file;
      m.line = sm.getSpellingLineNumber(p.at);
      m.column = sm.getSpellingColumnNumber(p.at);
      m.family = p.family;
      m.mutator = p.mutator;
      m.function = p.function;
      m.original = original;
      m.replacement = original.substr(0, token_begin) + alternative + original.substr(token_begin + token_length);
      m.end_column = m.column + token_length;
      m.token = alternative;
      out.mutants.push_back(std::move(m));
    }
    if (!p.alternatives.empty() &&
        std::find(out.functions.begin(), out.functions.end(), p.function) == out.functions.end())
      out.functions.push_back(p.function);
  }
  if (out.mutants.empty()) throw std::invalid_argument(r.file + ": the methods given have no mutation point");

  // The schemata: the file's text with each outermost point replaced by its guard, whose parts
  // are rendered the same way. Points by begin, the longer first at one begin.
  std::vector<std::size_t> by_begin(points.size());
  for (std::size_t i = 0; i < by_begin.size(); ++i) by_begin[i] = i;
  std::sort(by_begin.begin(), by_begin.end(), [&](std::size_t a, std::size_t b) {
    const unsigned ba = begin_of(points[a].range), bb = begin_of(points[b].range);
    if (ba != bb) return ba < bb;
    return end_of(points[a].range) > end_of(points[b].range);
  });
  std::function<std::string(unsigned, unsigned)> render = [&](unsigned from, unsigned to) {
    std::string text;
    unsigned at = from;
    for (std::size_t i : by_begin) {
      const unsigned b = begin_of(points[i].range), e = end_of(points[i].range);
      if (b < at || e > to) continue;  // before the range, inside a point already written, or after it
      text += code.substr(at, b - at);
      text += points[i].guard(first[i]);
      at = e;
    }
    return text + code.substr(at, to - at);
  };
  // The file registers its schemata and takes its id base before any guard runs.
  const std::uint64_t identity = list_identity(out.mutants);
  const std::string tag = fmt::format("{:016x}", identity);
  id_base_name = "smallscope_schemata_base_" + tag;
  c.set_renderer([&](SourceRange part) { return render(begin_of(part), end_of(part)); });
  std::string rewritten = render(0, static_cast<unsigned>(code.size()));
  id_base_name.clear();
  std::string escaped_file;
  for (const char ch : r.file) {
    if (ch == '\\' || ch == '"') escaped_file += '\\';
    escaped_file += ch;
  }
  insert_support_code(rewritten, fmt::format("#include \"smallscope/rewritten/mutation.hpp\"  // mutant schemata: smallscope-mutants\n"
                                             "#ifndef SMALLSCOPE_SCHEMATA_{0}\n#define SMALLSCOPE_SCHEMATA_{0}\n"
                                             "inline const int smallscope_schemata_base_{0} = "
                                             "::smallscope::mutation::register_schemata(\"{1}\", 0x{0}ull, {2});\n"
                                             "#endif\n",
                                             tag, escaped_file, out.mutants.size()));
  out.schemata = std::move(rewritten);
  return out;
}

}  // namespace smallscope::mutate
