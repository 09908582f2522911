import { Tag } from 'antd';

/** Role colours of spec section 2.19: SYSTEM purple, ADMIN blue, STAFF green, anything else grey. */
const ROLE_COLOURS: Record<string, string> = {
  SYSTEM: 'purple',
  ADMIN: 'blue',
  STAFF: 'green',
};

export function roleColour(role: string): string {
  return ROLE_COLOURS[role] ?? 'default';
}

/** The role of a ticket's creator or a comment's author. */
export function RoleBadge({ role }: { role: string }) {
  return (
    <Tag color={roleColour(role)} data-role-colour={roleColour(role)}>
      {role}
    </Tag>
  );
}
