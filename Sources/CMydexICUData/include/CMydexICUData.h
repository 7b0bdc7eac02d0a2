// Nothing to call: the target only defines ICU's data symbol (icudata.c), which ICU inside
// Foundation reads. SwiftPM wants a public header for every C target.
