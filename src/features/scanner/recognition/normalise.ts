// The text folding moved to #lib/normalise.ts (the catalogue and the migrations use it too, and a
// lower layer must not import the scanner). This re-export remains only for rows.ts, which another
// change is editing; import #lib/normalise.ts directly.
export * from '#lib/normalise.ts';
