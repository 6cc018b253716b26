// The functions a request selects (paper 000 Sec. 7, paper 001 Sec. 5): the call graph of the
// main file's functions, followed from the targets through direct calls, overload sets and, in
// templates, names resolved only at instantiation. See selection.hpp.
#include "mutate/selection.hpp"

#include "clang_front/parse.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

namespace smallscope::mutate {

namespace {

using namespace clang;

// The functions defined in the main file that `roots` call, directly or not (roots included).
class call_graph : public RecursiveASTVisitor<call_graph> {
 public:
  explicit call_graph(SourceManager& sm) : sm_(sm) {}
  bool TraverseFunctionDecl(FunctionDecl* f) { return within(f, [&] { return Base::TraverseFunctionDecl(f); }); }
  bool TraverseCXXMethodDecl(CXXMethodDecl* f) { return within(f, [&] { return Base::TraverseCXXMethodDecl(f); }); }
  // A call: to a function, to a specialization of a template (its pattern), or, inside a
  // template, to a name resolved only when it is instantiated (every candidate the name finds).
  bool VisitCallExpr(CallExpr* c) {
    if (current_ == nullptr) return true;
    if (const FunctionDecl* f = c->getDirectCallee()) {
      add(f);
    } else if (const auto* overloads = dyn_cast<OverloadExpr>(c->getCallee()->IgnoreParenImpCasts())) {
      for (const NamedDecl* d : overloads->decls()) add(d->getUnderlyingDecl());
    } else if (const auto* member = dyn_cast<CXXDependentScopeMemberExpr>(c->getCallee()->IgnoreParenImpCasts())) {
      // `this->f(x)` in a class template: the methods of that name of the class; `b.f(x)` with b
      // of a class template's type (`slots[i].swap(...)`): the methods of that name of the
      // template. A template parameter's type says nothing of its members: not followed.
      const auto* method = dyn_cast<CXXMethodDecl>(current_);
      const CXXRecordDecl* record = nullptr;
      if (member->isImplicitAccess())
        record = method != nullptr ? method->getParent() : nullptr;
      else
        record = class_of(member->isArrow() ? member->getBaseType()->getPointeeType() : member->getBaseType());
      if (record != nullptr)
        for (const NamedDecl* d : record->lookup(member->getMember())) add(d->getUnderlyingDecl());
    }
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl* f) {
    if (f->doesThisDeclarationHaveABody() && sm_.isInMainFile(f->getLocation())) defined_.insert(f->getCanonicalDecl());
    return true;
  }
  std::set<const FunctionDecl*> reach(const std::set<const FunctionDecl*>& roots) const {
    std::set<const FunctionDecl*> seen;
    std::vector<const FunctionDecl*> work(roots.begin(), roots.end());
    while (!work.empty()) {
      const FunctionDecl* f = work.back();
      work.pop_back();
      if (!seen.insert(f).second) continue;
      auto it = calls_.find(f);
      if (it == calls_.end()) continue;
      for (const FunctionDecl* g : it->second)
        if (defined_.count(g) != 0) work.push_back(g);
    }
    return seen;
  }
  const std::set<const FunctionDecl*>& defined() const { return defined_; }

 private:
  using Base = RecursiveASTVisitor<call_graph>;
  template <class F>
  bool within(FunctionDecl* f, F&& base) {
    const FunctionDecl* outer = current_;
    if (f->doesThisDeclarationHaveABody()) current_ = f->getCanonicalDecl();
    const bool ok = base();
    current_ = outer;
    return ok;
  }
  void add(const NamedDecl* d) {
    const FunctionDecl* f = dyn_cast<FunctionDecl>(d);
    if (const auto* t = dyn_cast<FunctionTemplateDecl>(d)) f = t->getTemplatedDecl();
    if (f == nullptr) return;
    if (const FunctionDecl* pattern = f->getTemplateInstantiationPattern()) f = pattern;
    calls_[current_].insert(f->getCanonicalDecl());
  }
  // The class a dependent type names: itself, or the pattern of the class template it specializes.
  static const CXXRecordDecl* class_of(QualType t) {
    if (t.isNull()) return nullptr;
    t = t.getNonReferenceType();
    if (const CXXRecordDecl* r = t->getAsCXXRecordDecl()) return r->getDefinition();
    if (const auto* s = t->getAs<TemplateSpecializationType>())
      if (const auto* c = dyn_cast_or_null<ClassTemplateDecl>(s->getTemplateName().getAsTemplateDecl()))
        return c->getTemplatedDecl()->getDefinition();
    return nullptr;
  }
  SourceManager& sm_;
  const FunctionDecl* current_ = nullptr;
  std::map<const FunctionDecl*, std::set<const FunctionDecl*>> calls_;
  std::set<const FunctionDecl*> defined_;
};

bool name_matches(const FunctionDecl* f, const std::string& wanted) {
  const std::string q = f->getQualifiedNameAsString();
  return q == wanted || (q.size() > wanted.size() && q.compare(q.size() - wanted.size(), wanted.size(), wanted) == 0 &&
                         q.compare(q.size() - wanted.size() - 2, 2, "::") == 0);
}


}  // namespace

selection select_functions(const request& r) {
  selection out;
  out.code = clang_front::read_text(r.file);
  out.ast = clang_front::parse(r.file, out.code, {"-Wno-pragma-once-outside-header"}, r.compiler_arguments,
                               "smallscope-mutants");
  ASTContext& ctx = out.ast->getASTContext();
  SourceManager& sm = ctx.getSourceManager();

  call_graph graph(sm);
  graph.TraverseDecl(ctx.getTranslationUnitDecl());
  std::set<const FunctionDecl*> targets, kept;
  for (const std::string& name : r.methods) {
    bool found = false;
    for (const FunctionDecl* f : graph.defined())
      if (name_matches(f, name)) {
        targets.insert(f);
        found = true;
      }
    if (!found) throw std::invalid_argument(r.file + ": no function named '" + name + "' is defined in it");
  }
  for (const std::string& name : r.keep)
    for (const FunctionDecl* f : graph.defined())
      if (name_matches(f, name)) kept.insert(f);
  out.selected = graph.reach(targets);
  out.oracle = graph.reach(kept);
  for (const FunctionDecl* f : out.oracle)
    if (targets.count(f) == 0) out.selected.erase(f);  // what the oracle calls stays as it is
  // What coverage measures (paper 000 Sec. 8: code coverage of the targets and their helpers,
  // spec coverage of the invariant and the postconditions with what only they call).
  auto extent = [&](const FunctionDecl* f, const char* role) {
    out.extents.push_back({f->getQualifiedNameAsString(), role, sm.getSpellingLineNumber(f->getBeginLoc()),
                           sm.getSpellingLineNumber(f->getEndLoc())});
  };
  for (const FunctionDecl* f : out.selected) extent(f, "code");
  for (const FunctionDecl* f : out.oracle)
    if (out.selected.count(f) == 0) extent(f, "spec");
  std::sort(out.extents.begin(), out.extents.end(),
            [](const function_extent& a, const function_extent& b) { return a.first_line < b.first_line; });
  return out;
}

}  // namespace smallscope::mutate
