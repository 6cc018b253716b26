// The meta-specification of Alloy-alpha's atoms and signatures, with which TestEra found bugs
// in the Alloy Analyzer's translation (paper 003, S10 [TE L946-965]).
//
// Normalized from the paper's Alloy 2 syntax:
// - `static part sig A, B extends C {}` becomes `one sig A, B extends C {}` with C abstract
//   (`static`: exactly one atom; `part`: the subsigs partition C);
// - `namePrefix: Prefix` (unmarked) is a field with one value, the default;
// - the facts are unchanged; `run {}` asks for any instance.
module alloy_alpha

abstract sig SigName {}
abstract sig Prefix {}
abstract sig Suffix {}

sig Atom {
  namePrefix: Prefix,
  nameSuffix: Suffix
}

fact AtomsHaveUniqueNames {
  all disj a1,a2:Atom |
    a1.namePrefix != a2.namePrefix ||
    a1.nameSuffix != a2.nameSuffix
}

sig Sig {
  name: SigName,
  staticAtoms: set Atom
}

fact SignaturesHaveUniqueNamesAndAtoms {
  all disj s1,s2:Sig |
    s1.name != s2.name &&
    no s1.staticAtoms & s2.staticAtoms
}

one sig Signature, Test extends SigName {}
one sig S, T extends Prefix {}
one sig Zero, One extends Suffix {}

// The instance I of the paper: two atoms and two sigs.
run {} for 2 but exactly 2 Atom, exactly 2 Sig
