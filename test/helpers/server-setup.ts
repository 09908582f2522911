// Each server suite starts its own database and hashes passwords; on a busy two-core machine a
// hook can take several seconds.
jest.setTimeout(30_000);
