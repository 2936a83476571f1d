// What the avatar menu and the mobile menu share: who is signed in and how to sign out.
import { homePathFor, isStaffRole } from "@meridian/shared/roles";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "@/lib/auth/auth-context";
import { notifyError } from "@/lib/notify";

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "U";
  const first = parts[0]![0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]![0] ?? "") : "";
  return (first + last).toUpperCase();
}

export function useAccountActions() {
  const { user, profile, isAdmin, signOut } = useAuth();
  const navigate = useNavigate();
  // The spec: the profile's full name, else 'User'.
  const displayName = profile?.fullName?.trim() || "User";
  const email = profile?.email ?? user?.email ?? "";

  const handleSignOut = useCallback(async () => {
    try {
      await signOut();
      navigate("/");
    } catch (err) {
      notifyError("Sign out Failed", err);
    }
  }, [signOut, navigate]);

  // Staff get a way back to their own screens.
  const staffHome = user && isStaffRole(user.role) ? homePathFor(user.role) : null;
  return { signedIn: Boolean(user), displayName, email, initials: initialsOf(displayName), isAdmin, staffHome, signOut: handleSignOut };
}
