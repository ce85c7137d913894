import { ArrowLeft, Flame } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ThemeToggle } from '../../../components/theme-toggle';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { ForgotPassword } from '../../recovery';
import { useAuth } from '../hooks/use-auth';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { SsoSignIn } from './sso-sign-in';

type AuthTab = 'signin' | 'signup';

export function AuthPage() {
  const { user, isLoading } = useAuth();
  const { t } = useTranslation('auth');
  // An invitation link opens on Sign Up.
  const invited = useSearchParams()[0].has('invite');
  const [tab, setTab] = useState<AuthTab>(invited ? 'signup' : 'signin');
  const [signInEmail, setSignInEmail] = useState('');

  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={paths.dashboard} replace />;

  const switchToSignIn = (email: string) => {
    setSignInEmail(email);
    setTab('signin');
  };

  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between p-4">
        <Link to={paths.landing} className={buttonClasses('ghost', 'sm')}>
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
          {t('backToLanding')}
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <Card className="w-full max-w-sm">
          <CardHeader className="items-center text-center">
            <Flame className="size-10 text-primary" aria-hidden />
            <CardTitle className="text-2xl">
              <span>Hearth</span>
            </CardTitle>
            <CardDescription>{t('tagline')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs value={tab} onValueChange={(value) => setTab(value === 'signup' ? 'signup' : 'signin')}>
              <TabsList>
                <TabsTrigger value="signin">{t('tabs.signIn')}</TabsTrigger>
                <TabsTrigger value="signup">{t('tabs.signUp')}</TabsTrigger>
              </TabsList>
              <TabsContent value="signin">
                <SignInForm key={signInEmail} defaultEmail={signInEmail} />
                <ForgotPassword defaultEmail={signInEmail} />
                <SsoSignIn />
              </TabsContent>
              <TabsContent value="signup">
                <SignUpForm onSignInNeeded={switchToSignIn} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
