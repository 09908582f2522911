import { KeyOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Avatar, Button, Drawer, Layout, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { initials } from '@/web/lib/initials';
import { useStackedTableLabels } from './stackedTables';
import { useKeyboardScrollRegions } from './useKeyboardScrollRegions';
import { SIDEBAR_TOOLTIP_DELAY_MS, SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE, useSidebar } from './useSidebar';
import './ShellLayout.css';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Active only on this exact path (an area's dashboard). */
  end?: boolean;
}

interface ShellLayoutProps {
  /** The area, for the header and the navigation's name: 'System', 'Admin', 'Staff'. */
  areaLabel: string;
  navItems: NavItem[];
  user: { name: string; email: string };
  onLogout: () => void;
  loggingOut?: boolean;
  /** Opens the dialog that changes the signed-in user's own password. */
  onChangePassword?: () => void;
  children: ReactNode;
}

interface SidebarContentProps extends Omit<ShellLayoutProps, 'children'> {
  collapsed: boolean;
  onNavigate?: () => void;
}

const tooltipDelaySeconds = SIDEBAR_TOOLTIP_DELAY_MS / 1000;

/** The main landmark, where the skip link sends the focus. */
const MAIN_CONTENT_ID = 'main-content';

function SidebarContent({ areaLabel, navItems, user, onLogout, loggingOut, onChangePassword, collapsed, onNavigate }: SidebarContentProps) {
  const hint = (label: string) => (collapsed ? label : undefined);
  return (
    <div className={collapsed ? 'sidebar sidebar-collapsed' : 'sidebar'}>
      <div className="sidebar-brand">
        <Avatar shape="square" className="sidebar-brand-mark">
          P
        </Avatar>
        <div className="sidebar-text">
          <div className="sidebar-title">Payroll</div>
          <div className="sidebar-subtitle">Consolidation</div>
        </div>
      </div>
      <nav aria-label={`${areaLabel} navigation`} className="sidebar-nav">
        <ul>
          {navItems.map((item) => (
            <li key={item.to}>
              <Tooltip title={hint(item.label)} placement="right" mouseEnterDelay={tooltipDelaySeconds}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  aria-label={hint(item.label)}
                  onClick={onNavigate}
                  className={({ isActive }) => (isActive ? 'sidebar-link sidebar-link-active' : 'sidebar-link')}
                >
                  <span className="sidebar-icon" aria-hidden>
                    {item.icon}
                  </span>
                  <span className="sidebar-text">{item.label}</span>
                </NavLink>
              </Tooltip>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-footer">
        <Tooltip title={hint(`${user.name} (${user.email})`)} placement="right" mouseEnterDelay={tooltipDelaySeconds}>
          <div className="sidebar-user">
            <Avatar className="sidebar-avatar" aria-hidden>
              {initials(user.name)}
            </Avatar>
            <div className="sidebar-text sidebar-user-text">
              <Typography.Text strong ellipsis className="sidebar-user-name">
                {user.name}
              </Typography.Text>
              <Typography.Text type="secondary" ellipsis className="sidebar-user-email">
                {user.email}
              </Typography.Text>
            </div>
          </div>
        </Tooltip>
        {onChangePassword && (
          <Tooltip title={hint('Change password')} placement="right" mouseEnterDelay={tooltipDelaySeconds}>
            <Button
              block
              icon={<KeyOutlined aria-hidden />}
              onClick={() => {
                onNavigate?.();
                onChangePassword();
              }}
              aria-label={hint('Change password')}
              className="sidebar-change-password"
            >
              {collapsed ? null : 'Change password'}
            </Button>
          </Tooltip>
        )}
        <Tooltip title={hint('Logout')} placement="right" mouseEnterDelay={tooltipDelaySeconds}>
          <Button
            block
            icon={<LogoutOutlined aria-hidden />}
            onClick={onLogout}
            disabled={loggingOut}
            aria-label={hint('Logout')}
            className="sidebar-logout"
          >
            {collapsed ? null : 'Logout'}
          </Button>
        </Tooltip>
      </div>
    </div>
  );
}

/**
 * The frame of a signed-in area: a sidebar (icon-only when collapsed, a drawer on small screens)
 * with the area's navigation, the user, Change password and Logout; a header with the sidebar toggle; the screen.
 * A skip link, shown when it has the focus, leads keyboard users past it all to the screen.
 */
export function ShellLayout({ children, ...sidebar }: ShellLayoutProps) {
  const { isMobile, open, openMobile, setOpenMobile, toggle } = useSidebar();
  const expanded = isMobile ? openMobile : open;
  useKeyboardScrollRegions();
  useStackedTableLabels();

  return (
    <Layout className="shell">
      {/* The first stop of the Tab key (WCAG 2.4.1): past the sidebar's links straight to the screen. */}
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="skip-link"
        onClick={(event) => {
          // Focus, not the address: a hash in the address would be a navigation of its own.
          event.preventDefault();
          document.getElementById(MAIN_CONTENT_ID)?.focus();
        }}
      >
        Skip to main content
      </a>
      {isMobile ? (
        <Drawer
          open={openMobile}
          onClose={() => setOpenMobile(false)}
          placement="left"
          size={SIDEBAR_WIDTH_MOBILE}
          closable={false}
          styles={{ body: { padding: 0 } }}
        >
          <div data-testid="app-sidebar" data-collapsed="false" data-mobile="true" className="sidebar-drawer">
            <SidebarContent {...sidebar} collapsed={false} onNavigate={() => setOpenMobile(false)} />
          </div>
        </Drawer>
      ) : (
        <Layout.Sider
          theme="light"
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_WIDTH_ICON}
          collapsed={!open}
          trigger={null}
          className="shell-sider"
          data-testid="app-sidebar"
          data-collapsed={String(!open)}
        >
          <SidebarContent {...sidebar} collapsed={!open} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="shell-header">
          <Button
            type="text"
            aria-label="Toggle Sidebar"
            aria-expanded={expanded}
            icon={expanded ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
            onClick={toggle}
          />
          <Typography.Text strong>{sidebar.areaLabel}</Typography.Text>
        </Layout.Header>
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} className="shell-content">
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
