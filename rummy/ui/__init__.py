"""The pygame desktop client."""
