/**
 * `npm run user:create -- --role SYSTEM|ADMIN|STAFF --email E --password P [--name N] [--company ID]`
 * Creates a user in the database the environment names (DATABASE_URL, or the embedded one in DATA_DIR).
 */
import { parseArgs } from 'node:util';
import * as yup from 'yup';
import { ConfigError, loadConfig } from '@/server/config';
import { openConfiguredDatabase } from '@/server/db/open';
import { roles } from '@/server/db/schema';
import { AppError } from '@/server/http/errors';
import { createUser } from '@/server/services/people/users';

const usage = 'Usage: npm run user:create -- --role SYSTEM|ADMIN|STAFF --email E --password P [--name N] [--company ID]';

const argsSchema = yup.object({
  role: yup.string().required('--role is required').oneOf(roles, '--role must be SYSTEM, ADMIN or STAFF'),
  email: yup.string().trim().required('--email is required').email('--email must be a valid email address'),
  password: yup.string().required('--password is required').min(4, 'Password must be at least 4 characters').max(100, 'Password must be less than 100 characters'),
  name: yup.string().trim().max(100, 'Name must be less than 100 characters').optional(),
  company: yup
    .string()
    .uuid('--company must be a company id')
    .when('role', { is: 'SYSTEM', then: (schema) => schema.strip(), otherwise: (schema) => schema.required('--company is required for ADMIN and STAFF users') }),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { role: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, company: { type: 'string' } },
  });
  let args: yup.InferType<typeof argsSchema>;
  try {
    args = await argsSchema.validate({ ...values, role: values.role?.toUpperCase() }, { abortEarly: false });
  } catch (error) {
    const messages = error instanceof yup.ValidationError ? error.errors : [String(error)];
    console.error(`${messages.join('\n')}\n${usage}`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const user = await createUser(
      database.db,
      { role: args.role, email: args.email, password: args.password, name: args.name || args.email.split('@')[0], companyId: args.company ?? null },
      { actor: null },
    );
    console.log(`Created ${user.role} user ${user.email} (${user.id}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof AppError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
