// Wrapping class-specific operator new and delete for the allocation watch. See
// class_allocation.hpp.
#include "instrument/class_allocation.hpp"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/Stmt.h>

#include <map>

namespace smallscope::instrument {

namespace {

using namespace clang;

// Among insertions at one place, the wrapping goes outside any field read's.
constexpr int outermost_opening = -1'000'000'000;
constexpr int outermost_closing = 1'000'000'000;

bool is_size(const ParmVarDecl* p) { return p->getType()->isIntegerType(); }
bool is_alignment(const ParmVarDecl* p) {
  const auto* e = p->getType()->getAs<EnumType>();
  return e != nullptr && e->getDecl()->getName() == "align_val_t";
}

// Whether m is a usual allocation (new) or deallocation (delete) function, by its parameters.
bool usual(const CXXMethodDecl* m, bool allocation) {
  const unsigned n = m->getNumParams();
  if (n == 0) return false;
  if (allocation) {
    if (!is_size(m->getParamDecl(0))) return false;
    return n == 1 || (n == 2 && is_alignment(m->getParamDecl(1)));
  }
  if (!m->getParamDecl(0)->getType()->isVoidPointerType()) return false;
  unsigned i = 1;
  if (i < n && is_size(m->getParamDecl(i))) ++i;
  if (i < n && is_alignment(m->getParamDecl(i))) ++i;
  return i == n;
}

// What was seen of one class's allocation functions (keyed by where its body opens).
struct class_state {
  const CXXRecordDecl* record = nullptr;
  bool allocates = false, frees = false, unwrapped = false;
};

class allocation_functions : public RecursiveASTVisitor<allocation_functions> {
 public:
  allocation_functions(const SourceManager& sm, const source_editor& editor) : sm_(sm), editor_(editor) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCXXMethodDecl(CXXMethodDecl* m) {
    const OverloadedOperatorKind k = m->getOverloadedOperator();
    const bool allocation = k == OO_New || k == OO_Array_New;
    if (!allocation && k != OO_Delete && k != OO_Array_Delete) return true;
    const CXXRecordDecl* record = m->getParent();
    if (record->isUnion() || !editor_.in_roots(record->getLocation())) return true;
    if (const CXXRecordDecl* pattern = record->getTemplateInstantiationPattern()) record = pattern;
    class_state& c = classes_[record->getBraceRange().getBegin().getRawEncoding()];
    c.record = record;
    if (!m->doesThisDeclarationHaveABody()) {
      if (!m->isDefined()) c.unwrapped = true;  // declared, defined elsewhere or deleted: not seen
      return true;
    }
    const auto* body = dyn_cast_or_null<CompoundStmt>(m->getBody());
    const ParmVarDecl* first = m->getNumParams() > 0 ? m->getParamDecl(0) : nullptr;
    if (body == nullptr || m->isDeleted() || !usual(m, allocation) || first->getName().empty() ||
        body->getLBracLoc().isMacroID() || body->getRBracLoc().isMacroID() || !editor_.in_roots(body->getLBracLoc())) {
      c.unwrapped = true;
      return true;
    }
    const std::string name = first->getName().str();
    if (allocation) {
      editor_.insert(body->getLBracLoc().getLocWithOffset(1),
                     " return ::smallscope::class_allocated(" + name + ", [&]() -> void* {", outermost_opening);
      c.allocates = true;
    } else {
      editor_.insert(body->getLBracLoc().getLocWithOffset(1), " ::smallscope::class_freed(" + name + ", [&]() {",
                     outermost_opening);
      c.frees = true;
    }
    editor_.insert(body->getRBracLoc(), "}); ", outermost_closing);
    return true;
  }

  // The member that says every allocation function of the class is observed.
  void mark() {
    for (const auto& [at, c] : classes_) {
      if (!c.allocates || !c.frees || c.unwrapped) continue;
      const SourceLocation open = c.record->getBraceRange().getBegin();
      if (open.isInvalid() || open.isMacroID()) continue;
      editor_.insert(open.getLocWithOffset(1),
                     c.record->isClass() ? " public: using smallscope_allocation_observed = void; private:"
                                         : " using smallscope_allocation_observed = void;",
                     0);
    }
  }

 private:
  const SourceManager& sm_;
  const source_editor& editor_;
  std::map<unsigned, class_state> classes_;
};

}  // namespace

void wrap_class_allocation(ASTContext& ctx, const source_editor& editor) {
  allocation_functions v(ctx.getSourceManager(), editor);
  v.TraverseDecl(ctx.getTranslationUnitDecl());
  v.mark();
}

}  // namespace smallscope::instrument
