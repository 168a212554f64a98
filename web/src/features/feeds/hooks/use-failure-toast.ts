import { useToast } from '#web/components/ui/use-toast';

/** The toast of a failed feeds action: the server's reason under 'Error'. */
export function useFailureToast() {
  const { toast } = useToast();
  return (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' });
}
