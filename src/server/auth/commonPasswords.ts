/**
 * The most common passwords (about 49,000, from the leaked-password lists zxcvbn-ts keeps), all in
 * lower case. Loaded on first use, once per process: most processes never set a password.
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;

function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
    (error: unknown) => {
      commonPasswords = undefined;
      throw error;
    },
  );
  return commonPasswords;
}

/** Whether the password is one of the most common ones, whatever its case ('Password1' is 'password1'). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}
