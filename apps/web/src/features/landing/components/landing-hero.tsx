import { LayoutDashboard, Shield } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { AuthState } from '../../auth';
import { DemoChat } from './demo-chat';

export function LandingHero({ auth }: { auth: AuthState }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 lg:grid-cols-2"
    >
      <div className="grid gap-6">
        <h1 id="hero-title" className="text-4xl font-bold tracking-tight sm:text-5xl">
          Your private AI assistant, running on your own hardware
        </h1>
        <p className="text-lg text-muted-foreground">
          Hearth lets you chat with open language models, ask questions about your own documents and share it all with
          your team, without sending a word to anyone else&apos;s cloud.
        </p>
        <div className="flex flex-wrap gap-3">
          {auth.user ? (
            <>
              <Link to={paths.dashboard} className={buttonClasses('default', 'lg')}>
                <LayoutDashboard aria-hidden />
                Open Dashboard
              </Link>
              {auth.isAdmin ? (
                <Link to={paths.admin} className={buttonClasses('outline', 'lg')}>
                  <Shield aria-hidden />
                  Admin Panel
                </Link>
              ) : null}
            </>
          ) : (
            <>
              <Link to={paths.quickStart} className={buttonClasses('default', 'lg')}>
                Get Started Free
              </Link>
              <Link to={paths.auth} className={buttonClasses('outline', 'lg')}>
                Sign In
              </Link>
            </>
          )}
        </div>
      </div>
      <DemoChat />
    </section>
  );
}
