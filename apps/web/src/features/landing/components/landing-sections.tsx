import { BookOpen, Rocket, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { SourceLink } from './source-link';

const STEPS = [
  {
    title: 'Start Hearth',
    text: 'Run docker compose up -d to start Hearth with Ollama, or npm install and npm start: Hearth then needs no other service.',
  },
  {
    title: 'Create your account',
    text: 'Open http://localhost:3000 and sign up. The first account on a fresh instance becomes the administrator.',
  },
  {
    title: 'Add a model and chat',
    text: 'As the administrator, download a recommended model from the AI Models screen, or pull one with Ollama, then start chatting.',
  },
] as const;

export function CommunitySection() {
  return (
    <section aria-labelledby="community-title" className="mx-auto max-w-6xl px-4 py-16 text-center">
      <Users className="mx-auto mb-3 size-8 text-primary" aria-hidden />
      <h2 id="community-title" className="mb-3 text-3xl font-bold tracking-tight">
        Built in the open
      </h2>
      <p className="mx-auto mb-6 max-w-2xl text-muted-foreground">
        Report a bug, suggest a feature or send a change: the code, the issues and the discussions live in the
        project&apos;s repository. The documentation covers installation, configuration and the API.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <SourceLink className={buttonClasses('outline')}>
          View the source<span className="sr-only"> (opens in a new tab)</span>
        </SourceLink>
        <Link to={paths.docs.root} className={buttonClasses('outline')}>
          <BookOpen aria-hidden />
          Read the docs
        </Link>
      </div>
    </section>
  );
}

export function SetupSteps() {
  return (
    <section aria-labelledby="steps-title" className="border-t bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="steps-title" className="mb-8 text-center text-3xl font-bold tracking-tight">
          Up and running in three steps
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="mb-3 flex size-8 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mb-2 font-semibold">{step.title}</h3>
              <p className="text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function FinalCallToAction() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-16 text-center">
      <h2 id="cta-title" className="mb-3 text-3xl font-bold tracking-tight">
        Ready to keep your AI at home?
      </h2>
      <p className="mx-auto mb-6 max-w-xl text-muted-foreground">
        Deploy Hearth on your own machine in minutes, or sign in to try it.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.quickStart} className={buttonClasses('default', 'lg')}>
          <Rocket aria-hidden />
          Deploy Now
        </Link>
        <Link to={paths.auth} className={buttonClasses('outline', 'lg')}>
          Try Demo
        </Link>
      </div>
    </section>
  );
}

export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row">
        <p>Hearth: a private, self-hosted AI assistant.</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-4">
          <Link to={paths.docs.root} className="hover:text-foreground hover:underline">
            Documentation
          </Link>
          <Link to={paths.quickStart} className="hover:text-foreground hover:underline">
            Setup guide
          </Link>
          <SourceLink className="hover:text-foreground hover:underline">
            Source code<span className="sr-only"> (opens in a new tab)</span>
          </SourceLink>
        </nav>
      </div>
    </footer>
  );
}
